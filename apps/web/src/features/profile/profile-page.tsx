/**
 * Edit profile (spec 2.5): GET /api/profile, PUT /api/profile (contract profileUpdateBody). The
 * answer carries a fresh token (a password change invalidates the old ones): it replaces the stored
 * one, and the cached profile is updated so the top bar shows the new name and avatar at once.
 */
import { Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CurrentUser } from '@cooler-hub/contract/auth';
import { profileUpdateBody, profileUpdateResponse } from '@cooler-hub/contract/users';
import { AppForm, SubmitButton } from '../../components/form/app-form';
import { PasswordField, TextField } from '../../components/form/fields';
import { UploadField } from '../../components/form/upload-field';
import { useAppForm } from '../../components/form/use-app-form';
import { FormScreen } from '../../components/form/form-screen';
import { api } from '../../lib/api-client';
import { storeToken } from '../../lib/auth';
import { PROFILE_QUERY_KEY, useCurrentUser } from '../../lib/current-user';
import { notifySuccess } from '../../lib/notify';

function formValues(user: CurrentUser) {
  return { username: user.username, email: user.email, plainPassword: '', avatar: user.avatar ?? '' };
}

function ProfileForm({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const formApi = useAppForm(profileUpdateBody, { defaultValues: formValues(user) });

  return (
    <AppForm
      api={formApi}
      aria-label="Edit profile"
      onSubmit={async (values) => {
        const { token, ...updated } = await api.put('/api/profile', values, profileUpdateResponse);
        storeToken(token);
        queryClient.setQueryData<CurrentUser>(PROFILE_QUERY_KEY, updated);
        formApi.form.reset(formValues(updated));
        notifySuccess('Profile has been updated');
      }}
    >
      <TextField name="username" label="Name" withAsterisk autoComplete="username" />
      <TextField name="email" label="Email" withAsterisk type="email" autoComplete="email" />
      <PasswordField
        name="plainPassword"
        label="Password"
        description="Leave empty to keep the current password"
        autoComplete="new-password"
      />
      <UploadField name="avatar" label="Avatar photo" kind="avatar" previewAlt="Avatar preview" description="PNG, JPG or JPEG, at most 500KB" onUploadingChange={setUploading} />
      <Group justify="flex-end">
        <SubmitButton api={formApi} update disabled={uploading}>
          Update Profile
        </SubmitButton>
      </Group>
    </AppForm>
  );
}

export default function ProfilePage() {
  const profile = useCurrentUser();
  return (
    <FormScreen title="Edit profile" loading={!profile.data} failed={!profile.data && profile.isError} failedMessage="The profile could not be loaded.">
      {profile.data && <ProfileForm user={profile.data} />}
    </FormScreen>
  );
}
