/**
 * Fault modes: deliberate deviations from the spec, for the harness's own tests only (they are
 * not reachable from `npm run sandbox`). Each proves that some check can fail. Response faults
 * rewrite an answer of one operation; behaviour faults change what the sandbox does.
 */
import type { SandboxResponse } from "./protocol.ts";

export type ResponseFault =
  /** Answers a success with another status code. */
  | { kind: "status"; operation: string; status: number }
  /** Declares another Content-Type (the body stays JSON). */
  | { kind: "content-type"; operation: string; value: string }
  /** Removes a field; "*" in the path walks every array item. */
  | { kind: "drop-field"; operation: string; path: string[] }
  /** Replaces a field's value; "*" in the path walks every array item. */
  | { kind: "set-field"; operation: string; path: string[]; value: unknown };

export const BEHAVIOUR_FAULTS = {
  "statement-ignores-period": "the statement returns every operation of the card, whatever the period",
  "response-signature-wrong": "partner responses carry a well-formed hex signature that does not verify",
  "limits-only-for-cards": "the limits list rejects objects of kind account and client",
} as const;

export type BehaviourFaultName = keyof typeof BEHAVIOUR_FAULTS;
export type BehaviourFault = { kind: "behaviour"; name: BehaviourFaultName };
export type Fault = ResponseFault | BehaviourFault;

export class FaultSet {
  private readonly behaviours: Set<BehaviourFaultName>;

  constructor(private readonly faults: readonly Fault[] = []) {
    this.behaviours = new Set(faults.flatMap((f) => (f.kind === "behaviour" ? [f.name] : [])));
  }

  has(name: BehaviourFaultName): boolean {
    return this.behaviours.has(name);
  }

  /** Applies the body faults of an operation's success answer (before it is signed). */
  rewriteBody(operation: string, response: SandboxResponse): void {
    if (response.status !== 200) return;
    for (const f of this.faults) {
      if (f.kind === "drop-field" && f.operation === operation) edit(response.body, f.path, (o, k) => delete o[k]);
      if (f.kind === "set-field" && f.operation === operation) edit(response.body, f.path, (o, k) => (o[k] = structuredClone(f.value)));
    }
  }

  /** Applies the status and header faults of an operation's success answer. */
  rewriteEnvelope(operation: string, response: SandboxResponse): void {
    if (response.status !== 200) return;
    for (const f of this.faults) {
      if (f.kind === "status" && f.operation === operation) response.status = f.status;
      if (f.kind === "content-type" && f.operation === operation) response.headers = { ...response.headers, "content-type": f.value };
    }
  }
}

type Obj = Record<string, unknown>;

function edit(node: unknown, path: readonly string[], apply: (parent: Obj, key: string) => void): void {
  const [head, ...rest] = path;
  if (head === undefined || node === null || typeof node !== "object") return;
  if (head === "*") {
    if (Array.isArray(node)) for (const item of node) edit(item, rest, apply);
    return;
  }
  const obj = node as Obj;
  if (rest.length === 0) {
    if (head in obj) apply(obj, head);
  } else {
    edit(obj[head], rest, apply);
  }
}
