import { describeModule } from "../../lib/vitest/describe-module.ts";
import { registerBusinessModule } from "./register-business.module.ts";

describeModule(registerBusinessModule);
