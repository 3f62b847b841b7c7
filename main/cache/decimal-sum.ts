import { Decimal } from 'decimal.js';

const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;
const POW10 = Array.from({ length: 40 }, (_, i) => 10n ** BigInt(i));
const pow10 = (n: number): bigint => POW10[n] ?? 10n ** BigInt(n);
/** Digit strings up to this length are exact as a double (< 2^53). */
const SMALL_DIGITS = 15;
/** Past this the small accumulator is folded into the BigInt before the next add could lose a unit. */
const SMALL_LIMIT = 2 ** 52;
const POW10_NUMBER = Array.from({ length: SMALL_DIGITS + 1 }, (_, i) => 10 ** i);

/**
 * An exact running sum of decimal strings. Values are added as scaled integers (BigInt), so summing
 * millions of amounts stays exact and fast; a value in exponent form goes through decimal.js first.
 * Values of at most 15 digits at the current scale (after scaling) are summed in a double first (exact below 2^53)
 * and folded into the BigInt long before that bound.
 */
export class DecimalSum {
  #units = 0n;
  #scale = 0;
  /** Units at `#scale` not yet folded into `#units`; always an exact integer below 2^53. */
  #small = 0;

  add(value: string): void {
    // Plain decimals of at most 15 digits at the current scale are read digit by digit into a double
    // (exact below 2^53); anything else (more digits, exponent form, stray characters) goes the slow way.
    const length = value.length;
    const start = value.charCodeAt(0) === 45 ? 1 : 0;
    let n = 0;
    let dot = -1;
    let i = start;
    for (; i < length; i++) {
      const c = value.charCodeAt(i);
      if (c >= 48 && c <= 57) n = n * 10 + (c - 48);
      else if (c === 46 && dot === -1 && i > start && i < length - 1) dot = i;
      else break;
    }
    const fractionLength = dot === -1 ? 0 : length - dot - 1;
    const digits = length - start - (dot === -1 ? 0 : 1);
    const shift = this.#scale - fractionLength;
    if (i === length && length > start && shift >= 0 && digits + shift <= SMALL_DIGITS) {
      const units = start === 1 ? -n : n;
      this.#small += shift === 0 ? units : units * (POW10_NUMBER[shift] as number);
      if (this.#small >= SMALL_LIMIT || this.#small <= -SMALL_LIMIT) this.#fold();
      return;
    }
    this.#addSlow(value);
  }

  /** Adds another sum's total. */
  addSum(other: DecimalSum): void {
    other.#fold();
    this.#addUnits(other.#units, other.#scale);
  }

  #fold(): void {
    if (this.#small !== 0) {
      this.#units += BigInt(this.#small);
      this.#small = 0;
    }
  }

  #addSlow(value: string): void {
    let match = PLAIN.exec(value);
    if (!match) match = PLAIN.exec(new Decimal(value).toFixed());
    if (!match) throw new Error(`not a decimal: ${value}`);
    const fraction = match[3] ?? '';
    let units = BigInt((match[2] ?? '0') + fraction);
    if (match[1] === '-') units = -units;
    this.#addUnits(units, fraction.length);
  }

  #addUnits(units: bigint, scale: number): void {
    this.#fold();
    if (scale > this.#scale) {
      this.#units *= pow10(scale - this.#scale);
      this.#scale = scale;
    } else if (scale < this.#scale) {
      units *= pow10(this.#scale - scale);
    }
    this.#units += units;
  }

  /** Plain decimal notation without trailing fractional zeros, e.g. `12.5`, `-0.003`, `0`. */
  toString(): string {
    this.#fold();
    const negative = this.#units < 0n;
    const digits = (negative ? -this.#units : this.#units).toString().padStart(this.#scale + 1, '0');
    const whole = digits.slice(0, digits.length - this.#scale);
    const fraction = digits.slice(digits.length - this.#scale).replace(/0+$/, '');
    const text = fraction ? `${whole}.${fraction}` : whole;
    return negative && text !== '0' ? `-${text}` : text;
  }
}
