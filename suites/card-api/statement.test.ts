import { describeModule } from "../../lib/vitest/describe-module.ts";
import { statementModule } from "./statement.module.ts";

describeModule(statementModule);
