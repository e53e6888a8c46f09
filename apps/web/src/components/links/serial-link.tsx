/**
 * A cooler's serial number wherever it is shown: a link to its cooler page (docs/decisions/251) for
 * a user who may open it, plain text for one who may not.
 */
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useCan } from '../../lib/current-user';
import { paths } from '../../lib/paths';

/** `inText`: the serial sits in a sentence, where a link must be underlined to be told apart without colour. */
export function SerialLink({ coolerId, serialNumber, inText = false }: { coolerId: string; serialNumber: string; inText?: boolean }) {
  const can = useCan();
  if (!can('coolers')) return <>{serialNumber}</>;
  return (
    <Anchor component={Link} to={paths.cooler.to({ cooler: coolerId })} underline={inText ? 'always' : 'hover'}>
      {serialNumber}
    </Anchor>
  );
}
