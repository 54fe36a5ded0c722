/**
 * Stops waiting on an endpoint that does not answer. After HANG_LIMIT requests in a row to one
 * URL ended in a timeout, later requests to it are not sent and end at once as timeouts that say
 * so; any answer from it closes the breaker again. Without this a hung target would cost one
 * REQUEST_TIMEOUT_MS per scenario and per property check, so the length of a hung run would
 * grow with the suite; with it, each process waits at most HANG_LIMIT timeouts per endpoint.
 */
export const HANG_LIMIT = 2;

export class HangBreaker {
  private readonly timeouts = new Map<string, number>();

  /** Why a request to this URL is not sent, or undefined to send it. */
  refusal(url: string, timeoutMs: number): string | undefined {
    const count = this.timeouts.get(url) ?? 0;
    if (count < HANG_LIMIT) return undefined;
    return `not sent: the last ${count} requests to this endpoint got no answer within ${timeoutMs} ms; the run does not wait for it again`;
  }

  record(url: string, timedOut: boolean): void {
    if (timedOut) this.timeouts.set(url, (this.timeouts.get(url) ?? 0) + 1);
    else this.timeouts.delete(url);
  }
}
