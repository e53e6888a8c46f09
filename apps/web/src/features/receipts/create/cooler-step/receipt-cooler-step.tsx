/**
 * Step 1 of /receipt-create (docs/product.md §2.9, §5.3): the cooler, found by serial number — a typeahead over
 * the cooler lookup (350 ms, page 1) — or, for a serial nobody has seen, created here with Part
 * Number* and Date of manufacture (filled from the serial) by 'Add item and continue'. 'Generate
 * Serial' makes up a serial for a cooler that has none. Clearing the serial cancels the choice.
 * A serial committed with Enter — a wedge scan or typed — chooses its exact match at once. Its state is
 * use-cooler-step.ts.
 */
import { Checkbox, Combobox, Group, InputBase, Loader, Stack, Text } from '@mantine/core';
import type { PartNumber } from '@cooler-hub/contract/settings';
import { AppForm, SubmitButton } from '../../../../components/form/app-form';
import { DateField } from '../../../../components/form/date-field';
import { partNumberLookup } from '../../../../components/form/lookups';
import { SearchSelect } from '../../../../components/form/search-select';
import { formatDate } from '../../../../lib/format-date';
import { useCoolerStep, type CoolerStepProps } from './use-cooler-step';

export function ReceiptCoolerStep(props: CoolerStepProps) {
  const { cooler } = props;
  const step = useCoolerStep(props);
  const { formApi, combobox, text, items, loading, settled, generated, wedge } = step;

  return (
    <div ref={step.stepRef}>
      <AppForm api={formApi} aria-label="Cooler" onSubmit={step.addCooler}>
        <Combobox
          store={combobox}
          withinPortal
          onOptionSubmit={(value) => {
            const item = items.find((c) => c.id === value);
            if (item) void step.choose(item, 'picked');
          }}
        >
          <Combobox.Target withExpandedAttribute>
            <InputBase
              ref={step.serialInput}
              name="serialNumber"
              label="Serial number"
              labelProps={{ id: step.labelId }}
              withAsterisk
              placeholder="Scan or type a serial number"
              autoComplete="off"
              // The screen is for scanning: the serial field is ready when it opens.
              autoFocus
              value={text}
              readOnly={generated}
              error={step.serialError}
              aria-busy={loading || undefined}
              rightSection={loading ? <Loader size={16} aria-hidden /> : null}
              rightSectionPointerEvents="none"
              onClick={() => {
                if (!generated && text.trim() !== '' && !cooler) combobox.openDropdown();
              }}
              onChange={(e) => step.typed(e.currentTarget.value)}
              onKeyDown={wedge.onKeyDown}
              onFocus={wedge.onFocus}
              onBlur={() => combobox.closeDropdown()}
            />
          </Combobox.Target>
          <Combobox.Dropdown hidden={text.trim() === '' || generated || (settled && items.length === 0)}>
            {loading && <Combobox.Empty role="status">Loading...</Combobox.Empty>}
            <Combobox.Options labelledBy={step.labelId} mah={280} style={{ overflowY: 'auto' }}>
              {settled &&
                items.map((c) => (
                  <Combobox.Option value={c.id} key={c.id}>
                    <Group gap={8} wrap="nowrap" justify="space-between">
                      <span>{c.serialNumber}</span>
                      <Text component="span" size="xs" c="dimmed">
                        {c.partNumber.partNumber}
                      </Text>
                    </Group>
                  </Combobox.Option>
                ))}
            </Combobox.Options>
          </Combobox.Dropdown>
        </Combobox>
        <Checkbox label="Generate Serial" checked={generated} onChange={(e) => step.toggleGenerated(e.currentTarget.checked)} />
        {cooler && (
          <Text size="sm" c="dimmed" aria-live="polite">
            Part number {cooler.partNumber.partNumber}, made {formatDate(cooler.dateOfManufacture)}
          </Text>
        )}
        {step.unknown && (
          <Stack gap="md">
            <Text size="sm">This serial number is new: add the cooler.</Text>
            <SearchSelect<PartNumber>
              name="partNumber"
              label="Part Number"
              withAsterisk
              placeholder="Search part number"
              {...partNumberLookup}
            />
            <DateField name="dateOfManufacture" label="Date of manufacture" withAsterisk />
            <Group justify="flex-end">
              <SubmitButton api={formApi} update={false}>
                Add item and continue
              </SubmitButton>
            </Group>
          </Stack>
        )}
      </AppForm>
    </div>
  );
}
