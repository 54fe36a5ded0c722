import { describeModule } from "../../lib/vitest/describe-module.ts";
import { limitsListModule } from "./limits-list.module.ts";

describeModule(limitsListModule);
