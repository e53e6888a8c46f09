/** The dashboard's figures (contract dashboard.ts, docs/decisions/255): one call each, read afresh on every visit. */
import { useQuery } from '@tanstack/react-query';
import type { DashboardPeriod } from '@cooler-hub/contract/dashboard';
import * as dashboardOps from '@cooler-hub/contract/operations/dashboard';
import { api } from '../../lib/api-client';

const KEY = ['dashboard'] as const;
const period = (days: DashboardPeriod) => ({ days });

export const useReceiptsPerDay = (days: DashboardPeriod) =>
  useQuery({
    queryKey: [...KEY, 'receipts_per_day', days],
    queryFn: ({ signal }) => api.call(dashboardOps.getReceiptsPerDay, { query: period(days), signal }),
    refetchOnMount: 'always',
  });

export const useScrapByReason = (days: DashboardPeriod) =>
  useQuery({
    queryKey: [...KEY, 'scrap_by_reason', days],
    queryFn: ({ signal }) => api.call(dashboardOps.getScrapByReason, { query: period(days), signal }),
    refetchOnMount: 'always',
  });

export const useTurnaround = (days: DashboardPeriod) =>
  useQuery({
    queryKey: [...KEY, 'turnaround', days],
    queryFn: ({ signal }) => api.call(dashboardOps.getTurnaround, { query: period(days), signal }),
    refetchOnMount: 'always',
  });

export const useNotOnNoteByAge = () =>
  useQuery({
    queryKey: [...KEY, 'not_on_note_by_age'],
    queryFn: ({ signal }) => api.call(dashboardOps.getNotOnNoteByAge, { signal }),
    refetchOnMount: 'always',
  });

export const useNotExported = () =>
  useQuery({
    queryKey: [...KEY, 'not_exported'],
    queryFn: ({ signal }) => api.call(dashboardOps.getNotExported, { signal }),
    refetchOnMount: 'always',
  });
