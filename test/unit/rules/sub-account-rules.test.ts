// The rules of the sub-account lifecycle, pure: IP allow-list entries (addresses and ranges of both
// families, at most 50 on a key) and the names, e-mails and funding of a batch of new sub-accounts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkIpEntries, MAX_KEY_IPS, normalizeIpEntry } from '../../../main/rules/ip-allow.ts';
import {
  checkAlias,
  checkFunding,
  expandEmails,
  expandNames,
  fixedPart,
  MAX_BATCH,
} from '../../../main/rules/sub-account-batch.ts';

describe('IP allow-list entries', () => {
  it('takes IPv4 and IPv6 addresses and ranges, sent in one form', () => {
    expect(normalizeIpEntry(' 192.168.1.1 ')).toEqual({ entry: '192.168.1.1' });
    expect(normalizeIpEntry('10.0.0.0/8')).toEqual({ entry: '10.0.0.0/8' });
    expect(normalizeIpEntry('2001:DB8:0:0:0:0:0:1')).toEqual({ entry: '2001:db8::1' });
    expect(normalizeIpEntry('2001:db8::/032')).toEqual({ entry: '2001:db8::/32' });
    expect(normalizeIpEntry('::ffff:1.2.3.4')).toEqual({ entry: '::ffff:102:304' });
  });

  it('refuses what is not an address or range, naming it', () => {
    for (const bad of [
      '',
      '256.1.1.1',
      '1.2.3',
      '0x7f.0.0.1',
      '010.0.0.1',
      'host.example',
      '10.0.0.0/33',
      '::/129',
      '1.2.3.4/8/1',
      '1.2.3.4/x',
    ])
      expect('issue' in normalizeIpEntry(bad), bad).toBe(true);
    expect(normalizeIpEntry('1.2.3')).toEqual({ issue: 'The entry "1.2.3" is not an IPv4 or IPv6 address.' });
  });

  it('accepts every dotted IPv4 address and every prefix up to 32', () => {
    fc.assert(
      fc.property(fc.ipV4(), fc.integer({ min: 0, max: 32 }), (ip, prefix) => {
        expect(normalizeIpEntry(ip)).toEqual({ entry: ip });
        expect(normalizeIpEntry(`${ip}/${String(prefix)}`)).toEqual({ entry: `${ip}/${String(prefix)}` });
      }),
    );
  });

  it('accepts every IPv6 address, in one form whatever the spelling', () => {
    fc.assert(
      fc.property(fc.ipV6(), (ip) => {
        const once = normalizeIpEntry(ip);
        expect('entry' in once).toBe(true);
        if ('entry' in once) expect(normalizeIpEntry(once.entry.toUpperCase())).toEqual(once);
      }),
    );
  });

  it('keeps a key to 50 addresses, counting what it has, and drops repeats', () => {
    const fifty = Array.from({ length: MAX_KEY_IPS }, (_, i) => `10.0.0.${String(i + 1)}`);
    expect(checkIpEntries(fifty)).toEqual({ entries: fifty });
    expect(checkIpEntries(['10.0.0.1', '10.0.0.1 ', '10.0.0.2'], ['10.0.0.2'])).toEqual({
      entries: ['10.0.0.1'],
    });
    const over = checkIpEntries(['10.9.9.9'], fifty);
    expect('issue' in over && over.issue).toEqual({
      field: 'ips',
      message: 'A key allows at most 50 IP addresses: it has 50, and 1 more would make 51.',
    });
    expect(checkIpEntries(['10.0.0.5'], fifty)).toEqual({ entries: [] });
  });
});

describe('names of a batch', () => {
  it('numbers the pattern, zero-padded to the width of {n}', () => {
    expect(expandNames('desk-{nnn}', 1, 3)).toEqual({ names: ['desk-001', 'desk-002', 'desk-003'] });
    expect(expandNames('mm {n} eu', 9, 2)).toEqual({ names: ['mm 9 eu', 'mm 10 eu'] });
    expect(expandNames('x{nn}', 99, 2)).toEqual({ names: ['x99', 'x100'] });
  });

  it('refuses a pattern without exactly one {n}, a bad character, and counts out of range', () => {
    const field = (r: ReturnType<typeof expandNames>) => ('issue' in r ? r.issue.field : 'ok');
    expect(field(expandNames('desk', 1, 2))).toBe('pattern');
    expect(field(expandNames('{n}-{n}', 1, 2))).toBe('pattern');
    expect(field(expandNames('desk/{n}', 1, 2))).toBe('pattern');
    expect(field(expandNames('d{n}', 1, 0))).toBe('count');
    expect(field(expandNames('d{n}', 1, MAX_BATCH + 1))).toBe('count');
    expect(field(expandNames('d{n}', -1, 2))).toBe('start');
    expect(field(expandNames('d{nnn}', 1, MAX_BATCH))).toBe('ok');
  });

  it('finds the fixed part every name holds: what the exchange’s list is searched for', () => {
    expect(fixedPart(' desk-{nnn} ')).toBe('desk-');
    expect(fixedPart('b-{n}-team-desk')).toBe('-team-desk');
    expect(fixedPart('{nn}')).toBe('');
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z .-]{0,10}$/),
        fc.stringMatching(/^[a-z .-]{0,10}$/),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 50 }),
        (before, after, width, start, count) => {
          const pattern = `${before}{${'n'.repeat(width)}}${after}`;
          const r = expandNames(pattern, start, count);
          if ('issue' in r) return;
          const part = fixedPart(pattern);
          const [head, tail] = [before.trimStart(), after.trimEnd()];
          expect(part).toBe(tail.length > head.length ? tail : head);
          for (const name of r.names) expect(name).toContain(part);
        },
      ),
    );
  });

  it('gives distinct names for any pattern, start and count it accepts', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z]{1,8}$/),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 200 }),
        (stem, width, start, count) => {
          const r = expandNames(`${stem}-{${'n'.repeat(width)}}`, start, count);
          if ('names' in r) {
            expect(new Set(r.names).size).toBe(count);
            expect(r.names.every((n) => checkAlias(n) === undefined)).toBe(true);
          }
        },
      ),
    );
  });

  it('numbers e-mail addresses the same way, each one checked', () => {
    expect(expandEmails('ops+{nn}@desk.example', 1, 2)).toEqual({
      emails: ['ops+01@desk.example', 'ops+02@desk.example'],
    });
    const bad = expandEmails('ops{n}', 1, 2);
    expect('issue' in bad && bad.issue.field).toBe('emailPattern');
  });

  it('funds with a positive amount of at most 8 decimals', () => {
    expect('amount' in checkFunding('25')).toBe(true);
    for (const bad of ['0', '-1', '1e3', '0.000000001', 'abc', '1,5', ''])
      expect('issue' in checkFunding(bad), bad).toBe(true);
  });
});
