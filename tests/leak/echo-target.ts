/**
 * A careless target for the leak scan: it echoes what it received, the way real APIs quote
 * rejected values back — the request as JSON and as text, the card number as a JSON number, as
 * a dotted number and with its last digit changed, the CVC as a whole value and in words, the
 * Authorization header in a response header — and answers every fifth request with a 500 and
 * every seventh with plain text, so the failure messages, which quote bodies, get them too.
 */
import type { ProxiedAnswer } from "../support/targets.ts";

const json = { "content-type": "application/json" };

function parsed(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** What the request carried, quoted back in every way this target knows. */
function echoOf(body: string, headers: Record<string, string>): Record<string, unknown> {
  const pan = /"card_pan"\s*:\s*"(\d{12,19})"/.exec(body)?.[1];
  const cvc = /"card_cvc"\s*:\s*"(\d{3,4})"/.exec(body)?.[1];
  return {
    echo: parsed(body),
    echo_text: body,
    echo_authorization: headers.authorization ?? "",
    ...(pan
      ? {
          rejected: Number(pan),
          note: `accepted card ${pan.slice(0, -1)}${(Number(pan.at(-1)) + 1) % 10}`,
          message: `card ${pan.replace(/(\d{4})(?=\d)/g, "$1.")} declined`,
        }
      : {}),
    ...(cvc ? { field: "debit.card.card_cvc", value: cvc, reason: `cvc ${cvc} does not match` } : {}),
  };
}

export function echoRequests(
  answer: ProxiedAnswer,
  request: { body: string; headers: Record<string, string> },
  n: number,
): ProxiedAnswer {
  const echo = echoOf(request.body, request.headers);
  const headers = { ...json, "x-echo-authorization": request.headers.authorization ?? "" };
  if (n % 7 === 0)
    return {
      status: 200,
      headers: { ...headers, "content-type": "text/plain" },
      text: `received ${request.body} with ${JSON.stringify(echo)}`,
    };
  if (n % 5 === 0) return { status: 500, headers, text: JSON.stringify(echo) };
  return { status: answer.status, headers, text: JSON.stringify({ ...parsed(answer.text), ...echo }) };
}
