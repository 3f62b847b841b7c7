/**
 * What a native dialog may show: plain text on one line. A value that comes from a page, a file or
 * the exchange (a label, an address, a market name) could carry control or bidirectional characters
 * or line breaks that reorder or hide what the person reads ("Cold wallet" shown over another
 * address); they are taken out, whatever looks blank reads as a plain space, and a web address is shown with its host in punycode, so a look-alike
 * host reads as what it is.
 */
import type { Confirmation } from './platform.ts';

/* eslint-disable no-control-regex -- control characters and line breaks are what these take out */
/** C0 and C1 controls, bidirectional marks, embeddings, overrides and isolates, and invisible joiners. */
const HIDDEN =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/gu;
const BREAKS = /\r\n|[\n\r\u0085\u2028\u2029\u000b\u000c]/gu;
/** What looks like blank space (any white space, the Hangul fillers, the braille blank): a plain space. */
const BLANKS = /[\p{White_Space}\u115f\u1160\u3164\uffa0\u2800\u{1d159}]/gu;
/* eslint-enable no-control-regex */
const WEB_ADDRESS = /^([("']*)([a-z][a-z0-9+.-]*:\/\/[^\s]+?)([)"',.;:]*)$/iu;

/** A web address with its host in punycode (`https://xn--80ak6aa92e.com/`); other text as it is. */
function asciiHost(token: string): string {
  const m = WEB_ADDRESS.exec(token);
  if (!m) return token;
  try {
    const given = m[2] as string;
    const url = new URL(given);
    if (!url.host) return token;
    // href has the host in punycode; a bare "https://host" keeps its missing slash
    const href = url.pathname === '/' && !/:\/\/[^/]+\//u.test(given) ? url.href.slice(0, -1) : url.href;
    return `${m[1] ?? ''}${href}${m[3] ?? ''}`;
  } catch {
    return token;
  }
}

/** One line of plain text: breaks and blanks become spaces, hidden characters go, web addresses show ASCII hosts. */
export function plainDialogText(value: string): string {
  const line = value.replace(BREAKS, ' ').replace(BLANKS, ' ').replace(HIDDEN, '');
  return line
    .split(' ')
    .map((token) => asciiHost(token))
    .join(' ');
}

/** The question with every text it shows made plain. */
export function plainConfirmation(question: Confirmation): Confirmation {
  return {
    title: plainDialogText(question.title),
    facts: question.facts.map((f) => ({ label: plainDialogText(f.label), value: plainDialogText(f.value) })),
    action: plainDialogText(question.action),
    ...(question.cancel === undefined ? {} : { cancel: plainDialogText(question.cancel) }),
    ...(question.warning === undefined ? {} : { warning: plainDialogText(question.warning) }),
    ...(question.closesAtMs === undefined ? {} : { closesAtMs: question.closesAtMs }),
  };
}
