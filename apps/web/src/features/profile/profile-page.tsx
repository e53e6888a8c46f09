/**
 * Edit profile (docs/product.md §2.5): GET /api/profile, PUT /api/profile (contract profileUpdateBody). The
 * answer carries a fresh token (a password change invalidates the old ones): it replaces the stored
 * one, and the cached profile is updated so the top bar shows the new name and avatar at once.
 * A new password or e-mail needs the current password: its field appears once either is changed,
 * and the server's violation lands on it (docs/decisions/263). Under the form, a way to the person's API
 * tokens for scripts (docs/decisions/279).
 */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { CurrentUser } from '@cooler-hub/contract/auth';
import type { Versioned } from '@cooler-hub/contract/common';
import { updateProfile } from '@cooler-hub/contract/operations/profile';
import { profileUpdateBody, type ProfileUpdateBody } from '@cooler-hub/contract/users';
import { AppForm, SubmitButton } from '../../components/form/app-form';
import { PasswordField, TextField } from '../../components/form/fields';
import { UploadField } from '../../components/form/upload-field';
import { useAppForm } from '../../components/form/use-app-form';
import { useSaveForm } from '../../components/form/use-save-form';
import { FormScreen } from '../../components/form/form-screen';
import { api } from '../../lib/api-client';
import { storeToken } from '../../lib/auth';
import { getProfile, PROFILE_QUERY_KEY, useCurrentUser } from '../../lib/current-user';
import { paths } from '../../lib/paths';

function formValues(user: CurrentUser) {
  return { username: user.username, email: user.email, plainPassword: '', currentPassword: '', avatar: user.avatar };
}

/** The server's rule (docs/decisions/263): a new password, or an e-mail other than the stored one ignoring case. */
function needsCurrentPassword(user: CurrentUser, plainPassword: unknown, email: unknown): boolean {
  const typedEmail = typeof email === 'string' ? email.trim().toLowerCase() : '';
  return (typeof plainPassword === 'string' && plainPassword !== '') || typedEmail !== user.email.toLowerCase();
}

/** PUT /api/profile; the answer's fresh token is stored at once, the rest is the profile. */
async function saveProfile(values: ProfileUpdateBody, version: string | undefined): Promise<Versioned<CurrentUser>> {
  const { token, ...updated } = await api.call(updateProfile, { body: values, ifMatch: version });
  storeToken(token);
  return updated;
}

function ProfileForm({ user }: { user: Versioned<CurrentUser> }) {
  const [uploading, setUploading] = useState(false);
  const formApi = useAppForm(profileUpdateBody, { defaultValues: formValues(user) });
  const [plainPassword, email] = useWatch({ control: formApi.form.control, name: ['plainPassword', 'email'] });
  const onSubmit = useSaveForm(formApi, {
    save: saveProfile,
    edit: { record: user, reload: () => getProfile() },
    message: 'Profile has been updated',
    resetTo: formValues,
    // The top bar reads the profile query: it shows the new name and avatar at once.
    recordKey: () => PROFILE_QUERY_KEY,
  });

  return (
    <AppForm api={formApi} aria-label="Edit profile" onSubmit={onSubmit}>
      <TextField name="username" label="Name" withAsterisk autoComplete="username" />
      <TextField name="email" label="Email" withAsterisk type="email" autoComplete="email" />
      <PasswordField
        name="plainPassword"
        label="Password"
        description="Leave empty to keep the current password"
        autoComplete="new-password"
      />
      {needsCurrentPassword(user, plainPassword, email) && (
        <PasswordField
          name="currentPassword"
          label="Current password"
          description="Needed to change the password or the e-mail"
          autoComplete="current-password"
        />
      )}
      <UploadField
        name="avatar"
        label="Avatar photo"
        kind="avatar"
        previewAlt="Avatar preview"
        removeLabel="Remove avatar"
        description="PNG, JPG or JPEG, at most 500KB"
        onUploadingChange={setUploading}
      />
      <Group justify="flex-end">
        <SubmitButton api={formApi} update disabled={uploading}>
          Update Profile
        </SubmitButton>
      </Group>
    </AppForm>
  );
}

function ApiTokensSection() {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="profile-api-tokens">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 260px' }}>
          <Title order={2} size="h4" id="profile-api-tokens">
            API tokens
          </Title>
          <Text size="sm" c="dimmed">
            Let a script call the API as you, without your password.
          </Text>
        </Stack>
        <Button component={Link} to={paths.myApiTokens.to()} variant="light" leftSection={<IconKey size={16} aria-hidden />}>
          Manage API tokens
        </Button>
      </Group>
    </Paper>
  );
}

export default function ProfilePage() {
  const profile = useCurrentUser();
  return (
    <Stack maw={640}>
      <FormScreen
        title="Edit profile"
        loading={!profile.data}
        failed={!profile.data && profile.isError}
        failedMessage="The profile could not be loaded."
      >
        {profile.data && <ProfileForm user={profile.data} />}
      </FormScreen>
      <ApiTokensSection />
    </Stack>
  );
}
