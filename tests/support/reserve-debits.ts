/**
 * A stand-in for one vitest worker of a run: reserves debits from the run's budget file and
 * prints how many it was granted. Usage: node --import tsx reserve-debits.ts FILE COUNT MINOR
 */
import { FileDebitBudget } from "../../lib/http/coordination/debit-budget.ts";

const [file, count, minor] = process.argv.slice(2);
const budget = new FileDebitBudget(file!);
let granted = 0;
for (let i = 0; i < Number(count); i++) if (budget.reserve(Number(minor)).ok) granted++;
process.stdout.write(`${granted}\n`);
