/**
 * History of one cooler's changes (/coolers-revisions/:receipt — the parameter is the cooler id
 * despite its name, docs/product.md §2.1), titled with the cooler's serial number
 * (docs/decisions/251), with the way back to Cooler History. A deleted cooler's history is still
 * shown, under the plain title.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { z } from 'zod';
import { getCooler } from '@cooler-hub/contract/operations/coolers';
import { RevisionsList } from '../../components/revisions/revisions-list';
import { api } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { COOLERS_KEY } from './api';
import { COOLER_LABELS } from './change-lines';

function CoolerRevisions({ id }: { id: string }) {
  const { t } = useTranslation();
  const found = useQuery({
    queryKey: [...COOLERS_KEY, 'one', id, 'found'],
    queryFn: ({ signal }) => api.call(getCooler, { params: { id }, signal, notFoundIsNull: true }),
  });
  const serial = found.data?.serialNumber;
  return (
    <RevisionsList
      kind="Cooler"
      entryRef={id}
      title={serial ? `${t('list.history')} — ${serial}` : t('list.history')}
      labels={COOLER_LABELS}
      back={{ to: paths.coolersList.to(), label: paths.coolersList.title }}
    />
  );
}

export default function CoolerRevisionsPage() {
  const { receipt: coolerId } = useParams();
  if (coolerId === undefined || !z.uuid().safeParse(coolerId).success) return <Navigate to={paths.notFound.to()} replace />;
  return <CoolerRevisions id={coolerId} />;
}
