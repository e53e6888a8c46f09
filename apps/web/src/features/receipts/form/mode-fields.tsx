/**
 * The receipt mode on the receipt create and update forms (docs/product.md §4, §5.3): collection point or
 * engineer number, the engineer number scannable.
 */
import { Group, Radio } from '@mantine/core';
import { useController, useFormContext } from 'react-hook-form';
import type { CollectionPoint } from '@cooler-hub/contract/settings';
import { collectionPointLookup } from '../../../components/form/lookups';
import { SearchSelect } from '../../../components/form/search-select';
import { WedgeTextField } from '../../../components/scanner/wedge-text-field';
import type { ScanHandler } from '../../../components/scanner/wedge-input';
import type { ReceiptMode } from './receipt-form-schema';

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
          setValue(next === 'engineer' ? 'collectionPoint' : 'engineerNo', null, {
            shouldDirty: true,
            shouldValidate: formState.isSubmitted,
          });
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
