/** API token calls (docs/decisions/279; contract api-tokens.ts): your own under /api/profile/tokens, everyone's under /api/tokens. */
import type { ApiToken, ApiTokenCreateBody } from '@cooler-hub/contract/api-tokens';
import * as tokenOps from '@cooler-hub/contract/operations/api-tokens';
import type { ListFetcher } from '../../components/list/use-list-controller';
import { api } from '../../lib/api-client';

export const API_TOKENS_KEY = ['api_tokens'] as const;
export const MY_API_TOKENS_KEY = [...API_TOKENS_KEY, 'mine'] as const;

export const listMyApiTokens = (signal?: AbortSignal) => api.call(tokenOps.listMyApiTokens, { signal });
export const createApiToken = (body: ApiTokenCreateBody) => api.call(tokenOps.createApiToken, { body });
export const revokeMyApiToken = (id: number) => api.call(tokenOps.revokeMyApiToken, { params: { id } });

export const listAllApiTokens: ListFetcher<ApiToken> = (q, signal) => api.call(tokenOps.listAllApiTokens, { query: q.apiQuery, signal });
export const revokeApiToken = (id: number) => api.call(tokenOps.revokeApiToken, { params: { id } });
