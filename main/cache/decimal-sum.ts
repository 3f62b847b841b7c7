import { Decimal } from 'decimal.js';

const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;
const POW10 = Array.from({ length: 40 }, (_, i) => 10n ** BigInt(i));
const pow10 = (n: number): bigint => POW10[n] ?? 10n ** BigInt(n);

/**
 * An exact running sum of decimal strings. Values are added as scaled integers (BigInt), so summing
 * millions of amounts stays exact and fast; a value in exponent form goes through decimal.js first.
 */
export class DecimalSum {
  #units = 0n;
  #scale = 0;

  add(value: string): void {
    let match = PLAIN.exec(value);
    if (!match) match = PLAIN.exec(new Decimal(value).toFixed());
    if (!match) throw new Error(`not a decimal: ${value}`);
    const fraction = match[3] ?? '';
    let units = BigInt((match[2] ?? '0') + fraction);
    if (match[1] === '-') units = -units;
    if (fraction.length > this.#scale) {
      this.#units *= pow10(fraction.length - this.#scale);
      this.#scale = fraction.length;
    } else if (fraction.length < this.#scale) {
      units *= pow10(this.#scale - fraction.length);
    }
    this.#units += units;
  }

  /** Plain decimal notation without trailing fractional zeros, e.g. `12.5`, `-0.003`, `0`. */
  toString(): string {
    const negative = this.#units < 0n;
    const digits = (negative ? -this.#units : this.#units).toString().padStart(this.#scale + 1, '0');
    const whole = digits.slice(0, digits.length - this.#scale);
    const fraction = digits.slice(digits.length - this.#scale).replace(/0+$/, '');
    const text = fraction ? `${whole}.${fraction}` : whole;
    return negative && text !== '0' ? `-${text}` : text;
  }
}
