/**
 * Image upload field (spec 4, 5.2): checks type and size before sending ('Invalid file format…',
 * 'File size exceeds 500KB'); while uploading a loader shows and the value is blank; on success the
 * value is the returned url, on failure the previous value comes back. Preview ≤ 180×180 px.
 */
import { Box, Group, Image, Input, Loader, Text } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { uploadProblem } from '@cooler-hub/contract/uploads';
import { notifyError } from '../../lib/notify';
import { useField } from './fields';
import { uploadFile, type UploadKind } from './upload';

const PREVIEW_MAX_PX = 180;
const IMAGE_ACCEPT = '.png,.jpg,.jpeg';

export function UploadField(props: {
  name: string;
  label: string;
  kind: UploadKind;
  previewAlt: string;
  description?: string;
  onUploadingChange?: (uploading: boolean) => void;
}) {
  const { field, error } = useField(props.name);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const value = (field.value as string | null | undefined) ?? '';

  const setBusy = (busy: boolean) => {
    setUploading(busy);
    props.onUploadingChange?.(busy);
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const problem = uploadProblem(file);
    if (problem) {
      notifyError(problem);
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    const previous = value;
    field.onChange('');
    setBusy(true);
    try {
      const { url } = await uploadFile(file, props.kind);
      field.onChange(url);
    } catch (e) {
      console.error(e);
      field.onChange(previous);
    } finally {
      setBusy(false);
      field.onBlur();
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  return (
    <Input.Wrapper label={props.label} labelProps={{ htmlFor: inputId }} description={props.description} error={error}>
      <Group gap="md" mt={4} align="center">
        <input
          ref={(el) => {
            inputRef.current = el;
            field.ref(el);
          }}
          id={inputId}
          type="file"
          accept={IMAGE_ACCEPT}
          disabled={uploading}
          aria-invalid={error ? true : undefined}
          onChange={(e) => void onFile(e.currentTarget.files?.[0])}
          className="ch-file-input"
        />
        {uploading && <Loader size="sm" role="status" aria-label="Uploading" />}
      </Group>
      <Box mt="sm">
        {value ? (
          <Image
            src={value}
            alt={props.previewAlt}
            maw={PREVIEW_MAX_PX}
            mah={PREVIEW_MAX_PX}
            w="auto"
            h="auto"
            fit="contain"
            radius="sm"
            style={{ maxWidth: PREVIEW_MAX_PX, maxHeight: PREVIEW_MAX_PX }}
          />
        ) : (
          !uploading && (
            <Text size="sm" c="dimmed">
              No image
            </Text>
          )
        )}
      </Box>
    </Input.Wrapper>
  );
}
