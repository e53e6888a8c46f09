/** The dashboard's figures (contract dashboard.ts, docs/decisions/255): one call each, read afresh on every visit. */
import { useQuery } from '@tanstack/react-query';
import {
  notExported,
  notOnNoteByAge,
  receiptsPerDay,
  scrapByReason,
  turnaround,
  type DashboardPeriod,
} from '@cooler-hub/contract/dashboard';
import { api } from '../../lib/api-client';

const KEY = ['dashboard'] as const;
const period = (days: DashboardPeriod) => `days=${days}`;

export const useReceiptsPerDay = (days: DashboardPeriod) =>
  useQuery({
    queryKey: [...KEY, 'receipts_per_day', days],
    queryFn: ({ signal }) => api.get('/api/dashboard/receipts_per_day', receiptsPerDay, period(days), signal),
    refetchOnMount: 'always',
  });

export const useScrapByReason = (days: DashboardPeriod) =>
  useQuery({
    queryKey: [...KEY, 'scrap_by_reason', days],
    queryFn: ({ signal }) => api.get('/api/dashboard/scrap_by_reason', scrapByReason, period(days), signal),
    refetchOnMount: 'always',
  });

export const useTurnaround = (days: DashboardPeriod) =>
  useQuery({
    queryKey: [...KEY, 'turnaround', days],
    queryFn: ({ signal }) => api.get('/api/dashboard/turnaround', turnaround, period(days), signal),
    refetchOnMount: 'always',
  });

export const useNotOnNoteByAge = () =>
  useQuery({
    queryKey: [...KEY, 'not_on_note_by_age'],
    queryFn: ({ signal }) => api.get('/api/dashboard/not_on_note_by_age', notOnNoteByAge, undefined, signal),
    refetchOnMount: 'always',
  });

export const useNotExported = () =>
  useQuery({
    queryKey: [...KEY, 'not_exported'],
    queryFn: ({ signal }) => api.get('/api/dashboard/not_exported', notExported, undefined, signal),
    refetchOnMount: 'always',
  });
