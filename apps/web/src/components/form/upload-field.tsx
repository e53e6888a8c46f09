/**
 * Image upload field (docs/product.md §4, §5.2, §9): a preview frame (the current or chosen image, at most
 * 180×180 px), the chosen file's name, a 'Choose image' button and a 'Remove image' one.
 *
 * A picked file is checked before sending ('Invalid file format…', 'File size exceeds 500KB'); while
 * it uploads a loader shows and the value is blank; on success the value is the returned url, on
 * failure the previous value comes back. Removing sets the value to null, so saving stores none.
 * The browser's own file input stays hidden: it cannot be styled to the dark theme.
 */
import { Button, Center, FileButton, Group, Image, Input, Loader, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { uploadProblem } from '@cooler-hub/contract/uploads';
import { notifyError } from '../../lib/notify';
import { useField } from './fields';
import { uploadFile, type UploadKind } from './upload';

const PREVIEW_MAX_PX = 180;
const IMAGE_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';

export function UploadField(props: {
  name: string;
  /** The field's label, also the name of its group of controls. */
  label: string;
  kind: UploadKind;
  previewAlt: string;
  /** The remove button's text, e.g. 'Remove avatar'. */
  removeLabel: string;
  description?: string;
  onUploadingChange?: (uploading: boolean) => void;
}) {
  const { field, error } = useField(props.name);
  const labelId = useId();
  const descriptionId = useId();
  const errorId = useId();
  const [uploading, setUploading] = useState(false);
  /** The name of the file this session uploaded; null shows the stored image as 'Current image'. */
  const [fileName, setFileName] = useState<string | null>(null);
  const value = (field.value as string | null | undefined) || '';

  const setBusy = (busy: boolean) => {
    setUploading(busy);
    props.onUploadingChange?.(busy);
  };

  const onFile = async (file: File | null) => {
    if (!file) return;
    const problem = uploadProblem(file);
    if (problem) {
      notifyError(problem);
      return;
    }
    const previous = field.value as unknown;
    field.onChange('');
    setBusy(true);
    try {
      const { url } = await uploadFile(file, props.kind);
      field.onChange(url);
      setFileName(file.name);
    } catch (e) {
      // The API client has toasted the reason; the field shows what it held before.
      console.error(e);
      field.onChange(previous);
    } finally {
      setBusy(false);
      field.onBlur();
    }
  };

  const remove = () => {
    field.onChange(null);
    setFileName(null);
    field.onBlur();
  };

  const caption = uploading ? 'Uploading...' : value ? (fileName ?? 'Current image') : 'No image';

  return (
    <Input.Wrapper
      label={props.label}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={props.description}
      descriptionProps={{ id: descriptionId }}
      error={error}
      errorProps={{ id: errorId }}
    >
      <Group
        role="group"
        aria-labelledby={labelId}
        aria-describedby={[props.description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined}
        gap="md"
        mt={6}
        align="center"
        wrap="wrap"
      >
        <Center
          w={PREVIEW_MAX_PX}
          h={PREVIEW_MAX_PX}
          bg="var(--mantine-color-dark-7)"
          style={{
            border: `1px ${value ? 'solid' : 'dashed'} ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-dark-4)'}`,
            borderRadius: 'var(--mantine-radius-md)',
            overflow: 'hidden',
            flexShrink: 0,
          }}
        >
          {uploading ? (
            <Loader size="sm" role="status" aria-label="Uploading" />
          ) : value ? (
            <Image src={value} alt={props.previewAlt} w="100%" h="100%" fit="contain" />
          ) : (
            <IconPhoto size={48} stroke={1.2} color="var(--mantine-color-dark-3)" aria-hidden />
          )}
        </Center>
        <Stack gap="xs" miw={0} style={{ flex: '1 1 160px' }}>
          <Text size="sm" c={value ? undefined : 'dimmed'} truncate="end" title={fileName ?? undefined}>
            {caption}
          </Text>
          <Group gap="xs">
            <FileButton onChange={(file) => void onFile(file)} accept={IMAGE_ACCEPT} disabled={uploading}>
              {(buttonProps) => (
                <Button
                  {...buttonProps}
                  ref={field.ref}
                  variant="default"
                  size="sm"
                  disabled={uploading}
                  leftSection={<IconUpload size={16} aria-hidden />}
                >
                  {value ? 'Change image' : 'Choose image'}
                </Button>
              )}
            </FileButton>
            {value && !uploading && (
              <Button variant="subtle" color="red" size="sm" leftSection={<IconTrash size={16} aria-hidden />} onClick={remove}>
                {props.removeLabel}
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
