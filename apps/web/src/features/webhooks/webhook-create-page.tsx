/** 'Add webhook' (/settings/webhooks/new, docs/decisions/280): once added, its page shows the signing secret. */
import { useNavigate } from 'react-router';
import { FormScreen } from '../../components/form/form-screen';
import { paths } from '../../lib/paths';
import { WebhookForm } from './webhook-form';

export default function WebhookCreatePage() {
  const navigate = useNavigate();
  return (
    <FormScreen title={paths.webhookCreate.title}>
      <WebhookForm onSaved={(saved) => void navigate(paths.webhook.to({ id: String(saved.id) }))} />
    </FormScreen>
  );
}
