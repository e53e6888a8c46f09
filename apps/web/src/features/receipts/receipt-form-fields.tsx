/**
 * The fields the receipt create and update forms share (docs/product.md §2.9, §4, §5.3): LB Number (scannable,
 * auto-formatted), the receipt mode with its collection point or engineer number (scannable),
 * Process option, Process State (D only; D1–D4 success, D5 danger) and Scrap reason (S, or D with
 * D5). Changing the option or the state clears what no longer applies.
 */
import { Anchor, Group, Radio, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconCircleFilled } from '@tabler/icons-react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import {
  PROCESS_OPTIONS,
  PROCESS_STATES,
  processStateApplies,
  processStateTone,
  scrapReasonApplies,
  type ProcessState,
} from '@cooler-hub/contract/receipts';
import { formatLbInput, isLbNumber, lbNumberInput } from '@cooler-hub/contract/rules';
import { ALREADY_USED } from '@cooler-hub/contract/users';
import type { CollectionPoint, ScrapReason } from '@cooler-hub/contract/settings';
import { SelectField } from '../../components/form/fields';
import { collectionPointLookup, scrapReasonLookup } from '../../components/form/lookups';
import { SearchSelect } from '../../components/form/search-select';
import { SEARCH_DEBOUNCE_MS } from '../../components/form/search-select-model';
import { WedgeTextField } from '../../components/scanner/wedge-text-field';
import type { ScanHandler } from '../../components/scanner/wedge-input';
import { paths } from '../../lib/paths';
import { useScrapReasonByCode } from './api';
import { receiptWithLbQuery } from './scan-lookup';
import type { ReceiptMode } from './receipt-defaults';

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
        const found = await queryClient.fetchQuery(receiptWithLbQuery(value)).catch(() => null);
        return found && found.id !== exceptId ? 'refused' : 'accepted';
      }}
    />
  );
}

const MODE_LABELS: Record<ReceiptMode, string> = { collectionPoint: 'Collection point', engineer: 'Engineer number' };

/**
 * Collection point or engineer number (docs/product.md §4): choosing one clears the other. The engineer number
 * takes a wedge scan (docs/product.md §5.3).
 */
export function ModeFields(props: {
  initialPoint?: CollectionPoint | null;
  onPointChange?: (point: CollectionPoint | null) => void;
  onEngineerScan: ScanHandler;
}) {
  const { control, setValue } = useFormContext();
  const { field, fieldState, formState } = useController({ name: 'mode', control });
  const mode = field.value as ReceiptMode | null;
  const error = fieldState.error && formState.isSubmitted ? fieldState.error.message : undefined;

  return (
    <>
      <Radio.Group
        name="mode"
        label="Receipt mode"
        withAsterisk
        value={mode ?? ''}
        error={error}
        onChange={(value) => {
          const next = value === 'engineer' ? 'engineer' : 'collectionPoint';
          field.onChange(next);
          setValue(next === 'engineer' ? 'collectionPoint' : 'engineerNo', null, { shouldDirty: true, shouldValidate: formState.isSubmitted });
        }}
      >
        <Group gap="lg" mt={4}>
          <Radio value="collectionPoint" label={MODE_LABELS.collectionPoint} ref={field.ref} />
          <Radio value="engineer" label={MODE_LABELS.engineer} />
        </Group>
      </Radio.Group>
      {mode === 'collectionPoint' && (
        <SearchSelect<CollectionPoint>
          name="collectionPoint"
          label="Collection point"
          withAsterisk
          placeholder="Search collection point"
          {...collectionPointLookup}
          initialItem={props.initialPoint ?? null}
          onItemChange={props.onPointChange}
        />
      )}
      {mode === 'engineer' && <WedgeTextField name="engineerNo" label="Engineer number" withAsterisk onScan={props.onEngineerScan} />}
    </>
  );
}

const TONE_COLOR = { success: 'green', danger: 'red' } as const;

/** The reason as the select shows it; a loaded receipt knows only the code until the list is searched. */
const scrapReasonLabel = (r: ScrapReason) => (r.reason ? `${r.code} - ${r.reason}` : String(r.code));

export function ProcessFields(props: { initialScrapReason?: number | null }) {
  const { control, setValue, getValues } = useFormContext();
  const option = useWatch({ control, name: 'processOption' }) as unknown;
  const state = useWatch({ control, name: 'processState' }) as unknown;
  const stateShown = processStateApplies(option);
  const reasonShown = scrapReasonApplies(option, stateShown ? state : null);
  const known = useScrapReasonByCode(props.initialScrapReason);
  const initialReason =
    props.initialScrapReason !== null && props.initialScrapReason !== undefined
      ? (known.data ?? { id: 0, code: props.initialScrapReason, reason: '' })
      : null;
  const tone = stateShown && typeof state === 'string' && state !== '' ? processStateTone(state as ProcessState) : null;

  /** docs/product.md §4: what no longer applies is cleared at once. */
  const clearInapplicable = () => {
    const v = getValues() as { processOption?: unknown; processState?: unknown; scrapReason?: unknown };
    if (!processStateApplies(v.processOption) && v.processState) setValue('processState', null, { shouldDirty: true });
    const nowState = processStateApplies(v.processOption) ? v.processState : null;
    if (!scrapReasonApplies(v.processOption, nowState) && v.scrapReason !== null && v.scrapReason !== undefined) {
      setValue('scrapReason', null, { shouldDirty: true });
    }
  };

  return (
    <>
      <SelectField name="processOption" label="Process option" withAsterisk options={PROCESS_OPTIONS} onValueChange={clearInapplicable} />
      {stateShown && (
        <SelectField
          name="processState"
          label="Process State"
          emptyLabel="—"
          options={PROCESS_STATES}
          onValueChange={clearInapplicable}
          data-tone={tone ?? undefined}
          leftSection={
            tone ? <IconCircleFilled size={10} color={`var(--mantine-color-${TONE_COLOR[tone]}-5)`} aria-hidden /> : undefined
          }
          styles={tone ? { input: { color: `var(--mantine-color-${TONE_COLOR[tone]}-5)`, fontWeight: 600 } } : undefined}
          description={tone ? <Text component="span" size="xs" c={TONE_COLOR[tone]}>{tone === 'danger' ? 'Danger' : 'Success'}</Text> : undefined}
        />
      )}
      {reasonShown && (
        <SearchSelect<ScrapReason>
          name="scrapReason"
          label="Scrap reason"
          withAsterisk
          placeholder="Search scrap reason"
          {...scrapReasonLookup}
          getLabel={scrapReasonLabel}
          getValue={(r) => r.code}
          initialItem={initialReason}
          // Remounted once the reason's text is known, so the field shows it rather than the bare code.
          key={known.data ? 'named' : 'code'}
        />
      )}
    </>
  );
}
