/**
 * Process option, Process State (D only; D1–D4 success, D5 danger) and Scrap reason (S, or D with D5) on
 * the receipt create and update forms (docs/product.md §4). Changing the option or the state clears what
 * no longer applies.
 */
import { Text } from '@mantine/core';
import { IconCircleFilled } from '@tabler/icons-react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  PROCESS_OPTIONS,
  PROCESS_STATES,
  processStateApplies,
  processStateTone,
  scrapReasonApplies,
  type ProcessState,
} from '@cooler-hub/contract/receipts';
import type { ScrapReason } from '@cooler-hub/contract/settings';
import { SelectField } from '../../../components/form/fields';
import { scrapReasonLookup } from '../../../components/form/lookups';
import { SearchSelect } from '../../../components/form/search-select';
import { useScrapReasonByCode } from '../api';

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
          leftSection={tone ? <IconCircleFilled size={10} color={`var(--mantine-color-${TONE_COLOR[tone]}-5)`} aria-hidden /> : undefined}
          styles={tone ? { input: { color: `var(--mantine-color-${TONE_COLOR[tone]}-5)`, fontWeight: 600 } } : undefined}
          description={
            tone ? (
              <Text component="span" size="xs" c={TONE_COLOR[tone]}>
                {tone === 'danger' ? 'Danger' : 'Success'}
              </Text>
            ) : undefined
          }
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
