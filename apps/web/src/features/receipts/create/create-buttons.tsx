/**
 * The receipt step's submit buttons (docs/decisions/215): 'Create' (→ Master Data), 'Create and receive next'
 * (a fresh form for the next cooler) and 'Create and print tag'. The one this user pressed last is the
 * main one; `pressed` says which was pressed, for what follows the save.
 */
import { Box, Button, Group } from '@mantine/core';
import type { KeyboardEvent, MouseEvent, RefObject } from 'react';
import { CreateAndPrintTagButton } from '../lb-tag/lb-tag-print';
import { AFTER_CREATE, type AfterCreate } from './receipt-defaults';

const AFTER_CREATE_LABEL: Record<AfterCreate, string> = { list: 'Create', next: 'Create and receive next' };

export function CreateButtons(props: {
  /** This user's last choice. */
  after: AfterCreate;
  pressed: RefObject<AfterCreate>;
  /** The form changed and a mode is chosen. */
  ready: boolean;
  processing: boolean;
  /** Decides whether the tag is printed after the save (`useCreateAndPrintTag`). */
  onClickCapture: (event: MouseEvent<HTMLElement>) => void;
  /** `useScanOnButtonGuard`: a scan's Enter on a button saves nothing. */
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}) {
  const { after, pressed, ready, processing } = props;
  return (
    <Group justify="flex-end" mt="sm" gap="sm" onClickCapture={props.onClickCapture}>
      {AFTER_CREATE.map((choice) => (
        <Button
          key={choice}
          type="submit"
          data-after-create={choice}
          variant={choice === after ? 'filled' : 'default'}
          disabled={!ready || (processing && pressed.current !== choice)}
          loading={processing && pressed.current === choice}
          onClick={() => {
            pressed.current = choice;
          }}
          onKeyDown={props.onKeyDown}
        >
          {AFTER_CREATE_LABEL[choice]}
        </Button>
      ))}
      {/* Prints the new receipt's tag, then goes on as the user's last choice does. */}
      <Box
        onClickCapture={() => {
          pressed.current = after;
        }}
      >
        <CreateAndPrintTagButton disabled={!ready || processing} loading={false} />
      </Box>
    </Group>
  );
}
