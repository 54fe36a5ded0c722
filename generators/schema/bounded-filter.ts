/**
 * A filter that gives up. fast-check's own `.filter` draws until a value passes — forever, and
 * synchronously, when none can (a declared pattern no fixture meets, a pattern with a length it
 * cannot have). Generators of values for declared rules filter with this one instead: after
 * `tries` draws it yields NO_VALUE, which the caller turns into an unmet rule (exit 2 at start, a
 * case not sent while the checks run) instead of a hung run.
 */
import fc from "fast-check";

/** What a bounded filter yields when no draw passed. */
export const NO_VALUE: unique symbol = Symbol("no value passed the filter");
export type NoValue = typeof NO_VALUE;

const TRIES = 100;

class BoundedFilter<T> extends fc.Arbitrary<T | NoValue> {
  constructor(
    private readonly arb: fc.Arbitrary<T>,
    private readonly ok: (value: T) => boolean,
    private readonly tries: number,
  ) {
    super();
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<T | NoValue> {
    for (let i = 0; i < this.tries; i++) {
      const drawn = this.arb.generate(random, biasFactor);
      if (this.ok(drawn.value)) return drawn;
    }
    return new fc.Value(NO_VALUE, undefined);
  }

  canShrinkWithoutContext(value: unknown): value is T | NoValue {
    return value === NO_VALUE || (this.arb.canShrinkWithoutContext(value) && this.ok(value));
  }

  shrink(value: T | NoValue, context: unknown): fc.Stream<fc.Value<T | NoValue>> {
    if (value === NO_VALUE) return fc.Stream.nil();
    return this.arb.shrink(value, context).filter((shrunk) => this.ok(shrunk.value));
  }
}

/** The values of `arb` that pass `ok`, or NO_VALUE after `tries` draws in a row that did not. */
export function boundedFilter<T>(arb: fc.Arbitrary<T>, ok: (value: T) => boolean, tries = TRIES) {
  return new BoundedFilter(arb, ok, tries);
}
