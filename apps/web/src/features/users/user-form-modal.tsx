/**
 * 'Create New User' / 'Edit User' modal (docs/product.md §2.4, §4, §5.2). The colour applies to Production only;
 * changing the role away from Production clears it. 'Update User' stays disabled until a change.
 */
import { Button, Group, Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { COLORS, hubUserCreateBody, hubUserUpdateBody, type HubUser } from '@cooler-hub/contract/users';
import type { Versioned } from '@cooler-hub/contract/common';
import { ROLES } from '@cooler-hub/contract/permissions';
import { AppForm, SubmitButton } from '../../components/form/app-form';
import { PasswordField, SelectField, TextField } from '../../components/form/fields';
import { useAppForm } from '../../components/form/use-app-form';
import { useSaveForm } from '../../components/form/use-save-form';
import { createUser, getUser, updateUser } from './api';

type Mode = { mode: 'create' } | { mode: 'edit'; user: Versioned<HubUser> };

/** Role, and Color while the role is Production; shared by both forms through the form context. */
function RoleAndColor() {
  const { control, setValue } = useFormContext();
  const role: unknown = useWatch({ control, name: 'role' });
  return (
    <>
      <SelectField
        name="role"
        label="Role"
        withAsterisk
        options={ROLES}
        emptyValue={null}
        onValueChange={(next) => {
          if (next !== 'Production') setValue('color', null, { shouldDirty: true });
        }}
      />
      {role === 'Production' && <SelectField name="color" label="Color" options={COLORS} emptyLabel="No colour" emptyValue={null} />}
    </>
  );
}

/** The colour belongs to Production users only (docs/product.md §4). */
function withRoleColor<T extends { role: string; color?: string | null }>(values: T): T {
  return { ...values, color: values.role === 'Production' ? (values.color ?? null) : null };
}

function Actions({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      {children}
    </Group>
  );
}

function CreateUserForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const formApi = useAppForm(hubUserCreateBody, {
    defaultValues: { username: '', email: '', role: null, plainPassword: '', color: null },
  });
  const onSubmit = useSaveForm(formApi, {
    save: (values) => createUser(withRoleColor(values)),
    message: 'User created',
    onSaved: onDone,
  });
  return (
    <AppForm api={formApi} aria-label="Create New User" onSubmit={onSubmit}>
      <TextField name="username" label="Name" withAsterisk autoComplete="off" data-autofocus />
      <TextField name="email" label="Email" withAsterisk type="email" autoComplete="off" />
      <RoleAndColor />
      <PasswordField name="plainPassword" label="Password" withAsterisk autoComplete="new-password" />
      <Actions onCancel={onCancel}>
        <SubmitButton api={formApi} update={false}>
          Create
        </SubmitButton>
      </Actions>
    </AppForm>
  );
}

function userFormValues(user: HubUser) {
  return { username: user.username, email: user.email, role: user.role, plainPassword: '', color: user.color };
}

function EditUserForm({ user, onDone, onCancel }: { user: Versioned<HubUser>; onDone: () => void; onCancel: () => void }) {
  const formApi = useAppForm(hubUserUpdateBody, {
    defaultValues: userFormValues(user),
  });
  const onSubmit = useSaveForm(formApi, {
    save: (values, version) => updateUser(user.id, withRoleColor(values), version),
    edit: { record: user, reload: () => getUser(user.id) },
    resetTo: userFormValues,
    message: (saved) => `User ${saved.id} updated`,
    onSaved: onDone,
  });
  return (
    <AppForm api={formApi} aria-label="Edit User" onSubmit={onSubmit}>
      <TextField name="username" label="Name" withAsterisk autoComplete="off" data-autofocus />
      <TextField name="email" label="Email" withAsterisk type="email" autoComplete="off" />
      <RoleAndColor />
      <PasswordField
        name="plainPassword"
        label="Password"
        description="Leave empty to keep the current password"
        autoComplete="new-password"
      />
      <Actions onCancel={onCancel}>
        <SubmitButton api={formApi} update>
          Update User
        </SubmitButton>
      </Actions>
    </AppForm>
  );
}

export function UserFormModal({ state, onClose, onSaved }: { state: Mode | null; onClose: () => void; onSaved: () => void }) {
  const title = state?.mode === 'edit' ? 'Edit User' : 'Create New User';
  const done = () => {
    onClose();
    onSaved();
  };
  return (
    <Modal opened={state !== null} onClose={onClose} title={title} centered size="md" closeButtonProps={{ 'aria-label': 'Close' }}>
      {state?.mode === 'create' && <CreateUserForm onDone={done} onCancel={onClose} />}
      {state?.mode === 'edit' && <EditUserForm key={state.user.id} user={state.user} onDone={done} onCancel={onClose} />}
    </Modal>
  );
}

export type UserModalState = Mode;
