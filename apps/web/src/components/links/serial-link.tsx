/**
 * A cooler's serial number wherever it is shown: a link to its cooler page (docs/decisions/251) for
 * a user who may open it, plain text for one who may not.
 */
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useCan } from '../../lib/current-user';
import { paths } from '../../lib/paths';

export function SerialLink({ coolerId, serialNumber }: { coolerId: string; serialNumber: string }) {
  const can = useCan();
  if (!can('coolers')) return <>{serialNumber}</>;
  return (
    <Anchor component={Link} to={paths.cooler.to({ cooler: coolerId })}>
      {serialNumber}
    </Anchor>
  );
}
