/**
 * LB Number on the receipt create and update forms (docs/product.md §5.3): scannable, auto-formatted,
 * and flagged at once when another receipt holds it.
 */
import { Anchor } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { formatLbInput, isLbNumber, lbNumberInput } from '@cooler-hub/contract/rules';
import { ALREADY_USED } from '@cooler-hub/contract/users';
import { SEARCH_DEBOUNCE_MS } from '../../../components/form/search-select-model';
import { readForScan } from '../../../components/scanner/read-for-scan';
import { WedgeTextField } from '../../../components/scanner/wedge-text-field';
import type { ScanHandler } from '../../../components/scanner/wedge-input';
import { isOffline } from '../../../lib/outbox/outbox';
import { paths } from '../../../lib/paths';
import { receiptWithLbQuery } from '../lb-tag/scan-lookup';

/**
 * LB Number (docs/product.md §5.3, docs/decisions/211): exactly one 'LB' whatever is typed, pasted or scanned
 * ('LB123', '123', 'lb123'); on leaving, an empty or invalid value becomes 'LB' and 'Wrong Lb
 * number' shows from then on. A scan replaces what the field held. A number already on another
 * receipt is flagged as it is filled in (350 ms after the last key), naming that receipt's cooler
 * with a link to it. `exceptId`: the receipt being edited (its own number is not "taken"). A scan
 * is refused (for the scan feedback) when it is no LB number or is taken.
 */
export function LbNumberField(props: { onScan?: ScanHandler; exceptId?: string }) {
  const { exceptId } = props;
  const queryClient = useQueryClient();
  const lb = useWatch({ name: 'lbNumber' }) as string | null | undefined;
  const [settled] = useDebouncedValue(lb ?? '', SEARCH_DEBOUNCE_MS);
  const asked = isLbNumber(settled) ? settled : '';
  const holder = useQuery({ ...receiptWithLbQuery(asked), enabled: asked !== '' });
  const taken = holder.data && holder.data.id !== exceptId && holder.data.lbNumber === lb ? holder.data : null;
  return (
    <WedgeTextField
      name="lbNumber"
      label="LB Number"
      withAsterisk
      errorOnceTouched
      format={lbNumberInput}
      formatOnBlur={formatLbInput}
      error={
        taken ? (
          <>
            {ALREADY_USED} It is on the receipt of cooler{' '}
            <Anchor component={Link} to={paths.receiptEdit.to({ receipt: taken.id })} size="xs" inherit>
              {taken.inventoryItem.serialNumber}
            </Anchor>
            .
          </>
        ) : undefined
      }
      onScan={async (value) => {
        const verdict = await props.onScan?.(value);
        if (verdict) return verdict;
        if (!isLbNumber(value)) return 'refused';
        // Offline the server cannot say whether the tag is taken: the scan stands, and the outbox
        // shows the server's answer once sent (docs/decisions/275).
        if (isOffline()) return 'accepted';
        const found = await readForScan(queryClient, receiptWithLbQuery(value)).catch(() => null);
        return found && found.id !== exceptId ? 'refused' : 'accepted';
      }}
    />
  );
}
