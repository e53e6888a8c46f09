/**
 * 'Create receipt' (/receipt-create, docs/product.md §2.9, §4, §5.3, §8): step 1 chooses or adds the cooler
 * (receipt-cooler-step); step 2, revealed with a 500 ms animation once a cooler is chosen, is the
 * receipt: Asset No., Account, collection point or engineer number, LB Number*, Receipt date,
 * Supplier Code, Process option, Process State, Scrap reason*, Notes, Tag Fault Comment. Create
 * stays disabled until the form changed and a mode is chosen; success goes to /receipts.
 *
 * Floor speed: a scanned serial of a known cooler moves the focus to LB
 * Number; a scanned LB number moves it on to what is still empty; account, supplier, mode, process
 * option and (same day) receipt date start from this user's previous receipt.
 *
 * The receiving loop (docs/decisions/215): 'Create and receive next' saves and starts a fresh form
 * for the next cooler on this screen — a new client id, the defaults kept, the focus on the serial —
 * with the receipt just made shown and linked above it. Every scan is answered by a sound and a
 * flash.
 *
 * The form is receipt-create-form.tsx (its state use-receipt-create-form.ts); step 1 is cooler-step/.
 */
import { useState } from 'react';
import { useAuth } from '../../../lib/auth';
import { ReceiptCreateForm } from './receipt-create-form';
import type { Received } from './received-so-far';

function ReceiptCreate({ userId }: { userId: string }) {
  const [received, setReceived] = useState<readonly Received[]>([]);
  // A plain Create starts a new form too, before leaving (docs/decisions/267): until Master Data has
  // loaded this screen is still the one shown, and Back or its address then shows it again.
  const [left, setLeft] = useState(0);
  // A new form for each cooler (keyed by the counts): fresh id, fresh cooler step, defaults re-read.
  return (
    <ReceiptCreateForm
      key={`${received.length}:${left}`}
      userId={userId}
      received={received}
      onReceived={(saved) => setReceived((list) => [saved, ...list])}
      onLeaving={() => setLeft((n) => n + 1)}
    />
  );
}

export default function ReceiptCreatePage() {
  const auth = useAuth();
  const userId = auth.status === 'authenticated' ? auth.payload.sub : 'signed-out';
  return <ReceiptCreate key={userId} userId={userId} />;
}
