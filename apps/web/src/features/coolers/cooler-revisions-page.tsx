/**
 * History of one cooler's changes (/coolers-revisions/:receipt — the parameter is the cooler id
 * despite its name, docs/product.md §2.1), with the way back to Cooler History.
 */
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { z } from 'zod';
import { RevisionsList } from '../../components/revisions/revisions-list';
import { paths } from '../../lib/paths';
import { COOLER_LABELS } from './change-lines';

export default function CoolerRevisionsPage() {
  const { t } = useTranslation();
  const { receipt: coolerId } = useParams();
  if (coolerId === undefined || !z.uuid().safeParse(coolerId).success) return <Navigate to={paths.notFound.to()} replace />;
  return (
    <RevisionsList
      kind="Cooler"
      entryRef={coolerId}
      title={t('list.history')}
      labels={COOLER_LABELS}
      back={{ to: paths.coolersList.to(), label: paths.coolersList.title }}
    />
  );
}
