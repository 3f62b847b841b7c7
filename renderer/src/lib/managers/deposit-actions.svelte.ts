/** One deposit's actions on the Wallet screen: a full refund to an address, or Travel Rule verification. */
import type { ProcedureResult } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';

export type Vasp = ProcedureResult<'wallet.vasps'>[number];

/**
 * What can be done with one deposit: refund it in full to an address, or send its originator for
 * Travel Rule verification: a person (first and last name) or a company (full name), their country
 * and address, the wallet the deposit came from, and for a hosted wallet its VASP from the region's
 * list or, when it is not listed, by name.
 */
export class DepositActions {
  /** The deposit whose form is open, and which form. */
  open = $state<{ depositId: string; action: 'refund' | 'verify' } | undefined>();
  /** Where a refund goes. */
  address = $state('');
  originatorType = $state<'individual' | 'entity'>('individual');
  firstName = $state('');
  lastName = $state('');
  fullName = $state('');
  /** ISO 3166-1 alpha-3 codes (`DEU`). */
  residenceCountry = $state('');
  country = $state('');
  city = $state('');
  postCode = $state('');
  addressLine1 = $state('');
  /** The wallet the deposit was sent from. */
  walletAddress = $state('');
  walletType = $state<'hosted' | 'unhosted'>('unhosted');
  /** A listed VASP id, or '' to type a name. */
  vaspId = $state('');
  vaspName = $state('');
  vasps = $state<Vasp[] | undefined>();
  vaspsError = $state<IpcError | undefined>();
  error = $state<IpcError | undefined>();
  sending = $state(false);
  done = $state<{ depositId: string; action: 'refund' | 'verify' } | undefined>();
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  async start(accountId: string, depositId: string, action: 'refund' | 'verify'): Promise<void> {
    this.open = { depositId, action };
    this.error = undefined;
    this.done = undefined;
    this.address = '';
    if (action === 'verify' && this.vasps === undefined) {
      const reply = await this.#api.wallet.vasps({ accountId });
      if (reply.ok) {
        this.vasps = reply.value;
        this.vaspsError = undefined;
        this.vaspId = reply.value[0]?.vaspId ?? '';
      } else {
        this.vasps = [];
        this.vaspsError = reply.error;
      }
    }
  }

  close(): void {
    this.open = undefined;
    this.error = undefined;
  }

  /** The verification as typed: only the names of the kind of originator, the VASP of a hosted wallet. */
  #originator() {
    const text = (v: string) => (v.trim() ? v.trim() : undefined);
    const person = this.originatorType === 'individual';
    return {
      walletType: this.walletType,
      originator: {
        type: this.originatorType,
        ...(person
          ? { firstName: text(this.firstName), lastName: text(this.lastName) }
          : { fullName: text(this.fullName) }),
        residenceCountry: this.residenceCountry.trim().toUpperCase(),
        walletAddress: this.walletAddress.trim(),
        address: {
          country: this.country.trim().toUpperCase(),
          city: this.city.trim(),
          ...(text(this.postCode) ? { postCode: text(this.postCode) } : {}),
          addressLine1: this.addressLine1.trim(),
        },
      },
      ...(this.walletType === 'hosted'
        ? { vasp: this.vaspId ? { vaspId: this.vaspId } : { name: this.vaspName.trim() } }
        : {}),
    };
  }

  /** The account changed: its VASP list may differ (it is regional). */
  reset(): void {
    this.close();
    this.vasps = undefined;
    this.vaspsError = undefined;
    this.done = undefined;
  }

  async submit(accountId: string): Promise<boolean> {
    const open = this.open;
    if (!open || this.sending) return false;
    this.sending = true;
    const reply =
      open.action === 'refund'
        ? await this.#api.wallet.refundDeposit({
            accountId,
            depositId: open.depositId,
            address: this.address.trim(),
          })
        : await this.#api.wallet.verifyDeposit({
            accountId,
            depositId: open.depositId,
            ...this.#originator(),
          });
    this.sending = false;
    if (!reply.ok) {
      this.error = reply.error;
      return false;
    }
    this.done = open;
    this.open = undefined;
    this.error = undefined;
    return true;
  }
}
