/**
 * /create-dn/preview (docs/product.md §2.13): the LB rows, editable (add, remove), under a
 * read-only summary of the preparation with an 'Edit' link back to it; 'Complete delivery note'
 * ('Complete error sheet' for error sheets) is disabled while there is no LB number. A save the
 * server refuses shows each `lbNumbers[i]` violation on its row and the others above the list.
 */
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { DeliveryType } from '@cooler-hub/contract/delivery-types';
import { paths } from '../../../lib/paths';
import { completeLabel } from './create-delivery-draft';
import { saveProblems, type SaveProblems } from './save-problems';
import { LbRows } from '../lb-rows/lb-rows';

export function PreviewStep(props: {
  type: DeliveryType;
  /** The note's customer: lines received for another carry a warning. */
  customerAccount: number | null;
  lbNumbers: readonly string[];
  onChange: (next: string[]) => void;
  /** The preparation, read-only. */
  summary: ReactNode;
  /** Creates the note; throws the server's error. */
  complete: () => Promise<void>;
  fieldLabel: (path: string) => string;
}) {
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<SaveProblems | null>(null);

  const submit = async () => {
    setBusy(true);
    setProblems(null);
    try {
      await props.complete();
    } catch (error) {
      console.error('The delivery note could not be created', error);
      setProblems(saveProblems(error, props.fieldLabel));
      setBusy(false);
    }
  };

  const onChange = (next: string[]) => {
    // A row's violation belongs to the list it was given for: positions move once the list changes.
    if (problems && Object.keys(problems.rows).length) setProblems({ ...problems, rows: {} });
    props.onChange(next);
  };

  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            Preparation
          </Title>
          <Button
            component={Link}
            to={paths.createDn.to()}
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPencil size={14} aria-hidden />}
          >
            Edit
          </Button>
        </Group>
        {props.summary}
      </Paper>

      {problems && problems.form.length > 0 && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertCircle size={18} aria-hidden />}
          title="The delivery note was not created"
        >
          {problems.form.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
        </Alert>
      )}

      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          LB numbers
        </Title>
        <LbRows
          value={props.lbNumbers}
          onChange={onChange}
          type={props.type}
          customerAccount={props.customerAccount}
          errors={problems?.rows}
          maxHeight={480}
          linkSerials
        />
      </Paper>

      <Group justify="space-between">
        <Button
          component={Link}
          to={paths.createDn.to({ view: 'scan' })}
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          Scan LB tags
        </Button>
        <Button onClick={() => void submit()} loading={busy} disabled={props.lbNumbers.length === 0}>
          {completeLabel(props.type)}
        </Button>
      </Group>
    </Stack>
  );
}
