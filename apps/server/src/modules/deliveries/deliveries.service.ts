/**
 * Delivery notes (docs/product.md §2.13, §4, §5.4, §7; docs/architecture.md §5; docs/decisions/150): the rules of a
 * note's LB numbers — each belongs to a receipt, none twice, and at most one transfer or scrap note
 * per LB (decided by the database) —, references checked, approval once, and an
 * approved note read-only. Every write is one transaction that locks the note first.
 */
import { UNKNOWN_REFERENCE, type ListResponse, type Versioned, type Violation } from '@cooler-hub/contract/common';
import {
  APPROVED_READ_ONLY,
  DELIVERY_KEY_REUSED,
  emailStatusOf,
  NO_RECIPIENTS_TO_MAIL,
  NO_SUCH_NOTE,
  NOT_APPROVED_YET,
  RESEND_INTERVAL_MINUTES,
  RESENT_BY_EMAIL,
  resendTooSoon,
  wrongTypeMessage,
  type ApproveResponse,
  type ApproveSelectedResponse,
  type Delivery,
  type DeliveryCreateBody,
  type DeliveryListItem,
  type DeliveryListQuery,
  type DeliveryUpdate,
} from '@cooler-hub/contract/deliveries';
import { isExclusiveType, type DeliveryType } from '@cooler-hub/contract/delivery-types';
import { noteHoldingMessage, UNKNOWN_LB_NUMBER, type LbCheckBody, type LbCheckResponse } from '@cooler-hub/contract/lb-numbers';
import { isLbNumber } from '@cooler-hub/contract/rules';
import type { Db } from '../../db/client';
import { ConflictError, DomainError, NotFoundError, TooManyRequestsError, ValidationError } from '../../lib/errors';
import { listResponseOf } from '../../lib/list';
import { recordDeliveryNoteText, secondsSinceDeliveryNoteEntry, type Actor, type Tx } from '../revision-entries/revisions';
import { deliveryFile, type DeliveryDocument, type DeliveryFile, type DownloadFormat } from './deliveries.documents';
import * as repo from './deliveries.repository';
import type { DeliveryRow, DeliveryValues } from './deliveries.repository';
import { classifyLbNumbers, type Holder } from './lb-classifier';
import { NO_WEBHOOKS, type WebhookEmitter } from '../webhooks/webhooks.service';

const sameSet = (a: readonly string[], b: readonly string[]) => {
  const left = new Set(a.map((lb) => lb.toUpperCase()));
  const right = new Set(b.map((lb) => lb.toUpperCase()));
  return left.size === right.size && [...left].every((lb) => right.has(lb));
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toDeliveryListItem(row: DeliveryRow): DeliveryListItem {
  const emailDeliveredAt = iso(row.emailDeliveredAt);
  const emailViewedAt = iso(row.emailViewedAt);
  const emailFailedAt = iso(row.emailFailedAt);
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    deliveryDay: row.deliveryDay,
    itemsCount: row.itemsCount,
    type: row.type,
    deliveryType: row.type,
    status: row.status,
    approvedAt: iso(row.approvedAt),
    customerAccount: row.customerAccountId !== null ? { id: row.customerAccountId, name: row.customerAccountName ?? '' } : null,
    businessName: row.businessName,
    dispatchAddress: row.dispatchAddress,
    invoiceAddress: row.invoiceAddress,
    CCCode: row.ccCode,
    emails: row.emails,
    emailDeliveredAt,
    emailViewedAt,
    emailFailedAt,
    emailFailureReason: row.emailFailureReason,
    emailStatus: emailStatusOf({ emailDeliveredAt, emailViewedAt, emailFailedAt }),
  };
}

/**
 * Why one note of 'Approve selected' was not approved, in a sentence the person can act on: the
 * rule's own words, or "try again" for a database that was busy or failed (the note stays pending).
 */
function failureOf(err: unknown): string {
  if (err instanceof NotFoundError) return NO_SUCH_NOTE;
  if (err instanceof DomainError) return err.message;
  return 'This note could not be approved just now; it is still pending. Try again.';
}

const violation = (propertyPath: string, message: string): Violation => ({ propertyPath, title: message, message });

/** The parts of a create or edit that the rules look at. */
interface DeliveryInput extends DeliveryUpdate {
  type: DeliveryType;
}

/**
 * Where the mail queue joins in (docs/decisions/157): called inside the transaction that approves a
 * note (only the first time) or asks to resend it, so the queued mail commits with it or not at all.
 */
export interface DeliveryMailHooks {
  onApproved?(tx: Tx, deliveryId: number): Promise<void>;
  onResend?(tx: Tx, deliveryId: number): Promise<void>;
}

export class DeliveriesService {
  constructor(
    private readonly db: Db,
    private readonly hooks: DeliveryMailHooks = {},
    private readonly webhooks: WebhookEmitter = NO_WEBHOOKS,
  ) {}

  async list(type: DeliveryType, query: DeliveryListQuery): Promise<ListResponse<DeliveryListItem>> {
    const { rows, total } = await repo.listDeliveries(this.db, type, query);
    return listResponseOf(query, rows.map(toDeliveryListItem), total);
  }

  get(id: number, db: Db = this.db): Promise<Versioned<Delivery>> {
    return repo.versions.read(db, id, async () => {
      const row = await repo.findDelivery(db, id);
      if (!row) throw new NotFoundError();
      return { ...toDeliveryListItem(row), lbNumbers: await repo.lbNumbersOf(db, id) };
    });
  }

  /**
   * A create with a `clientKey` that already made a note answers that note when it holds the same
   * type and LB numbers, else is refused (docs/decisions/271): a retry after a lost answer creates nothing.
   */
  create(actor: Actor, body: DeliveryCreateBody): Promise<Versioned<Delivery>> {
    return this.db.transaction(async (tx) => {
      if (body.clientKey !== null) {
        const made = await repo.lockClientKey(tx, body.clientKey);
        if (made) {
          const stored = await repo.lbNumbersOf(tx, made.id);
          if (made.type !== body.type || !sameSet(stored, body.lbNumbers)) throw new ConflictError(DELIVERY_KEY_REUSED);
          return this.get(made.id, tx);
        }
      }
      const receiptIds = await this.checkDelivery(tx, body);
      const id = await repo.insertDelivery(tx, body.type, valuesOf(body), actor.id, body.clientKey);
      await this.addLines(tx, id, body.type, body.lbNumbers, receiptIds);
      await repo.setItemsCount(tx, id, body.lbNumbers.length, actor);
      await repo.replaceRecipients(tx, id, body.emails);
      const answer = await this.get(id, tx);
      await this.webhooks.emit(tx, 'delivery.created', () => answer);
      return answer;
    });
  }

  /**
   * PUT …/{type}: the note must be of that type and still pending; its lines become `lbNumbers`.
   * `expected`: the version the editor saw (If-Match); a stale one is refused with 409 (docs/decisions/200).
   */
  update(actor: Actor, id: number, type: DeliveryType, body: DeliveryUpdate, expected?: string): Promise<Versioned<Delivery>> {
    return this.db.transaction(async (tx) => {
      await repo.versions.lock(tx, id, expected, 'delivery note');
      const current = await repo.lockDelivery(tx, id);
      if (!current) throw new NotFoundError();
      if (current.type !== type) throw new DomainError(wrongTypeMessage(current.type));
      if (current.status === 'approved') throw new DomainError(APPROVED_READ_ONLY);
      const input: DeliveryInput = { ...body, type };
      const receiptIds = await this.checkDelivery(tx, input, id);
      const before = new Set(await repo.receiptIdsOnDelivery(tx, id));
      const wanted = new Set(receiptIds.values());
      // Lines that stay keep their ids. New lines go in before the dropped ones are deleted: the
      // insert may wait for a concurrent note's claim, and must not hold the list-version row lock
      // (taken by the delete's trigger, docs/decisions/274) while it waits — that note's own trigger
      // would then wait for us: a deadlock.
      const added = body.lbNumbers.filter((lb) => !before.has(receiptIds.get(lb)!));
      await this.addLines(tx, id, type, added, receiptIds, body.lbNumbers);
      await repo.deleteLinesOfReceipts(
        tx,
        id,
        [...before].filter((r) => !wanted.has(r)),
      );
      await repo.updateDelivery(tx, id, { ...valuesOf(input), itemsCount: body.lbNumbers.length }, actor);
      await repo.replaceRecipients(tx, id, body.emails);
      return this.get(id, tx);
    });
  }

  /**
   * pending → approved once; a second call changes nothing and answers the status (docs/product.md §4). With
   * `expected` (If-Match), only the version its approver saw is approved (docs/decisions/200).
   */
  async approve(actor: Actor, id: number, expected?: string): Promise<ApproveResponse> {
    return (await this.approveOnce(actor, id, expected)).answer;
  }

  /** The one approval rule, and whether this call was the one that approved the note. */
  private approveOnce(actor: Actor, id: number, expected?: string): Promise<{ answer: ApproveResponse; approvedNow: boolean }> {
    return this.db.transaction(async (tx) => {
      if (expected !== undefined) await repo.versions.lock(tx, id, expected, 'delivery note');
      // One statement decides a race between two approvals: only one finds the note pending.
      const changed = await repo.approveDelivery(tx, id, actor);
      if (changed) {
        await this.hooks.onApproved?.(tx, id);
        await this.webhooks.emit(tx, 'delivery.approved', () => this.get(id, tx));
        return { answer: { id, status: changed }, approvedNow: true };
      }
      const status = await repo.statusOf(tx, id);
      if (!status) throw new NotFoundError();
      return { answer: { id, status }, approvedNow: false };
    });
  }

  /**
   * 'Approve selected' (docs/decisions/257): each note through the one approval above, one after
   * another, each in its own transaction with its own mail — a note that fails is reported and
   * leaves the others approved. Answers one outcome per id, in order.
   */
  async approveSelected(
    actor: Actor,
    ids: readonly number[],
    log?: { error(details: object, message: string): void },
  ): Promise<ApproveSelectedResponse> {
    const items: ApproveSelectedResponse['items'] = [];
    for (const id of ids) {
      try {
        const { approvedNow } = await this.approveOnce(actor, id);
        if (!approvedNow) {
          items.push({ id, outcome: 'alreadyApproved', message: null });
          continue;
        }
        const recipients = await repo.recipientAddressesOf(this.db, id);
        items.push({ id, outcome: 'approved', message: recipients.length === 0 ? NO_RECIPIENTS_TO_MAIL : null });
      } catch (err) {
        if (!(err instanceof NotFoundError || err instanceof DomainError))
          log?.error({ err, deliveryId: id }, 'approve selected: a note failed');
        items.push({ id, outcome: 'failed', message: failureOf(err) });
      }
    }
    return { items };
  }

  /**
   * Only an approved note is sent again, at most once in RESEND_INTERVAL_MINUTES (decided under the
   * note's lock, so a burst of clicks sends one); the hook queues the mail in this transaction, and
   * the note's history keeps who sent it again, when, and to whom (docs/decisions/262).
   */
  resend(actor: Actor, id: number): Promise<Versioned<Delivery>> {
    return this.db.transaction(async (tx) => {
      const current = await repo.lockDelivery(tx, id);
      if (!current) throw new NotFoundError();
      if (current.status !== 'approved') throw new DomainError(NOT_APPROVED_YET);
      const since = await secondsSinceDeliveryNoteEntry(tx, id, RESENT_BY_EMAIL);
      const interval = RESEND_INTERVAL_MINUTES * 60;
      if (since !== null && since < interval) {
        const retryAfter = Math.max(1, Math.ceil(interval - since));
        throw new TooManyRequestsError(resendTooSoon(retryAfter), retryAfter);
      }
      await this.hooks.onResend?.(tx, id);
      const recipients = await repo.recipientAddressesOf(tx, id);
      await recordDeliveryNoteText(tx, actor, id, [
        RESENT_BY_EMAIL,
        recipients.length > 0 ? `To: ${recipients.join(', ')}` : 'No recipients.',
      ]);
      return this.get(id, tx);
    });
  }

  /** ROLE_REMOVE_INVENTORY (route); a pending note only. Lines and recipients go with it. */
  async remove(_actor: Actor, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const current = await repo.lockDelivery(tx, id);
      if (!current) throw new NotFoundError();
      if (current.status === 'approved') throw new DomainError(APPROVED_READ_ONLY);
      await repo.deleteDelivery(tx, id);
    });
  }

  /** The note with its lines, as its CSV and PDF show it; 404 when there is no such note. */
  async document(id: number): Promise<DeliveryDocument> {
    const delivery = await this.get(id);
    return { delivery, lines: await repo.documentLinesOf(this.db, id) };
  }

  /** A download: the note as CSV or PDF, with the file name content-disposition gives it. */
  async download(id: number, format: DownloadFormat): Promise<DeliveryFile> {
    return deliveryFile(await this.document(id), format);
  }

  /** The scan step's question about many codes at once (docs/decisions/153), answered by the LB classifier. */
  async checkLbNumbers(body: LbCheckBody): Promise<LbCheckResponse> {
    const wellFormed = [...new Set(body.lbNumbers.filter(isLbNumber))];
    const found = await repo.checkedReceiptsOf(this.db, wellFormed);
    const holders = await this.holdersOf(
      this.db,
      body.type,
      [...found.values()].map((r) => r.id),
      body.deliveryId ?? undefined,
    );
    const verdicts = classifyLbNumbers(
      body.lbNumbers,
      (lb) => found.get(lb)?.id,
      (receiptId) => holders.get(receiptId),
    );
    const items = body.lbNumbers.map((lbNumber, i) => {
      const { status, message, holder } = verdicts[i]!;
      const receipt = found.get(lbNumber) ?? null;
      return { lbNumber, status, message, note: holder, receipt };
    });
    return { items };
  }

  /** Receipt id → the other transfer or scrap delivery holding it; none for a type that shares its receipts. */
  private async holdersOf(db: Db, type: DeliveryType, receiptIds: string[], selfId?: number): Promise<Map<string, Holder>> {
    return isExclusiveType(type) ? repo.exclusiveHolders(db, receiptIds, selfId) : new Map<string, Holder>();
  }

  /**
   * Every rule of a delivery at once (violations on lbNumbers[i], customerAccount, emails[i], …);
   * the LB number → receipt id of a delivery that passes. `selfId`: the delivery being edited.
   */
  private async checkDelivery(tx: Tx, delivery: DeliveryInput, selfId?: number): Promise<Map<string, string>> {
    const violations: Violation[] = [];
    const receiptIds = await repo.receiptIdsOf(tx, delivery.lbNumbers);
    const holders = await this.holdersOf(tx, delivery.type, [...receiptIds.values()], selfId);
    classifyLbNumbers(
      delivery.lbNumbers,
      (lb) => receiptIds.get(lb),
      (receiptId) => holders.get(receiptId),
    ).forEach(({ message }, i) => {
      if (message !== null) violations.push(violation(`lbNumbers[${i}]`, message));
    });
    // One after another: a transaction is one connection, which runs one statement at a time.
    const accounts = await repo.existingIds(tx, 'customerAccounts', delivery.customerAccount === null ? [] : [delivery.customerAccount]);
    const emails = await repo.existingIds(tx, 'deliveryEmails', delivery.emails);
    const addresses = await repo.existingIds(
      tx,
      'deliveryAddresses',
      [delivery.dispatchAddress, delivery.invoiceAddress].filter((a): a is number => a !== null),
    );
    const ccCodeOk = delivery.CCCode === null ? true : await repo.ccCodeExists(tx, delivery.CCCode);
    if (delivery.customerAccount !== null && !accounts.has(delivery.customerAccount))
      violations.push(violation('customerAccount', UNKNOWN_REFERENCE));
    delivery.emails.forEach((id, i) => {
      if (!emails.has(id)) violations.push(violation(`emails[${i}]`, UNKNOWN_REFERENCE));
    });
    if (delivery.dispatchAddress !== null && !addresses.has(delivery.dispatchAddress))
      violations.push(violation('dispatchAddress', UNKNOWN_REFERENCE));
    if (delivery.invoiceAddress !== null && !addresses.has(delivery.invoiceAddress))
      violations.push(violation('invoiceAddress', UNKNOWN_REFERENCE));
    if (!ccCodeOk) violations.push(violation('CCCode', UNKNOWN_REFERENCE));
    if (violations.length > 0) throw new ValidationError(violations);
    return receiptIds;
  }

  /**
   * Inserts the lines of `lbNumbers`; a transfer or scrap line that another note claimed since the
   * check (a concurrent create that committed first) is refused on its item, and the whole
   * transaction rolls back. `allLbNumbers` gives the items' positions in the body.
   */
  private async addLines(
    tx: Tx,
    id: number,
    type: DeliveryType,
    lbNumbers: string[],
    receiptIds: Map<string, string>,
    allLbNumbers = lbNumbers,
  ): Promise<void> {
    const wanted = lbNumbers.map((lb) => receiptIds.get(lb)!);
    const added = await repo.insertLines(tx, id, type, wanted);
    if (added.size === wanted.length) return;
    const lost = wanted.filter((r) => !added.has(r));
    const holders = await repo.exclusiveHolders(tx, lost, id);
    const violations = allLbNumbers.flatMap((lb, i) => {
      const receiptId = receiptIds.get(lb)!;
      if (added.has(receiptId) || !lost.includes(receiptId)) return [];
      const holder = holders.get(receiptId);
      return [violation(`lbNumbers[${i}]`, holder ? noteHoldingMessage(holder) : UNKNOWN_LB_NUMBER)];
    });
    throw new ValidationError(violations);
  }
}

function valuesOf(delivery: DeliveryUpdate): DeliveryValues {
  return {
    deliveryDay: delivery.deliveryDay,
    customerAccountId: delivery.customerAccount,
    businessName: delivery.businessName,
    dispatchAddressId: delivery.dispatchAddress,
    invoiceAddressId: delivery.invoiceAddress,
    ccCodeId: delivery.CCCode,
  };
}
