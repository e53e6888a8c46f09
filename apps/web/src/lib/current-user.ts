/**
 * The signed-in user (getProfile, contract `currentUser`) shared by the top bar, the menu,
 * the page guards and the profile screen through one query key. Until the profile answers,
 * permissions come from the token payload, so the menu does not flicker.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '@cooler-hub/contract/auth';
import type { Versioned } from '@cooler-hub/contract/common';
import * as profileOps from '@cooler-hub/contract/operations/profile';
import { can, type Ability } from '@cooler-hub/contract/permissions';
import { api } from './api-client';
import { clearSession, useAuth } from './auth';
import { forgetSignedOutUser, outboxUser } from './outbox/outbox';

export const PROFILE_QUERY_KEY = ['profile'] as const;

/** With its version: the profile screen edits it (docs/decisions/200). */
export function getProfile(signal?: AbortSignal): Promise<Versioned<CurrentUser>> {
  return api.call(profileOps.getProfile, { signal });
}

export function useCurrentUser() {
  const auth = useAuth();
  return useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => getProfile(signal),
    enabled: auth.status === 'authenticated',
    staleTime: 60_000,
  });
}

export function usePermissions(): readonly string[] {
  const auth = useAuth();
  const profile = useCurrentUser();
  if (auth.status !== 'authenticated') return [];
  return profile.data?.permissions ?? auth.payload.permissions;
}

/** `can(ability)` for the signed-in user; a list means "any of". */
export function useCan(): (ability: Ability | readonly Ability[]) => boolean {
  const permissions = usePermissions();
  return useCallback(
    (ability: Ability | readonly Ability[]) => (typeof ability === 'string' ? [ability] : ability).some((a) => can(permissions, a)),
    [permissions],
  );
}

/**
 * Sign Out: clears the token and everything known about the user — on this device too: their
 * outbox and the records their screens kept for offline lookups (docs/decisions/270) —, then shows
 * the login screen. The top bar warns first when items still wait to be sent.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    const user = outboxUser();
    if (user) void forgetSignedOutUser(user);
    clearSession('signed-out');
    queryClient.clear();
    void navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}
