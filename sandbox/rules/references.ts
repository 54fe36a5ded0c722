/**
 * Object references must be of the kind they claim (§2.2 card_id, §2.4 object {type, value}): a
 * card_id that is an account number or a client id, or limits of object.type card whose value is
 * an account number, name an object of another kind. A sound issuer refuses them rather than
 * guess; the fault resolves them as a lenient platform would (any identifier, any kind).
 */
import type { SandboxEnv } from "../env.ts";
import type { ObjectKind } from "../ledger.ts";
import { cardsOf } from "../limits.ts";
import { reject } from "../protocol.ts";
import type { SandboxCard } from "../../lib/test-data/published.ts";

const KINDS: readonly ObjectKind[] = ["card", "account", "client"];

/** The kind another object with this identifier is of, when it is not of `kind`. */
function otherKindOf(env: SandboxEnv, kind: ObjectKind, value: string): ObjectKind | undefined {
  if (cardsOf(env.ledger, kind, value).length) return undefined;
  return KINDS.find((k) => k !== kind && cardsOf(env.ledger, k, value).length);
}

/** The card a statement's card_id names; undefined when nothing is known by that identifier. */
export function statementCard(env: SandboxEnv, cardId: string): SandboxCard | undefined {
  const other = otherKindOf(env, "card", cardId);
  if (!other) return env.ledger.cardById(cardId);
  if (env.hooks.checksReferenceKinds) reject(400, "WRONG_OBJECT_KIND", `card_id names a ${other}, not a card`);
  return cardsOf(env.ledger, other, cardId)[0];
}

/** The object whose limits are listed: as asked, or (under the fault) whatever has that identifier. */
export function limitsObjectOf(env: SandboxEnv, kind: ObjectKind, value: string): [ObjectKind, string] {
  const other = otherKindOf(env, kind, value);
  if (!other) return [kind, value];
  if (env.hooks.checksReferenceKinds) reject(400, "WRONG_OBJECT_KIND", `object.value names a ${other}, not a ${kind}`);
  return [other, value];
}
