/**
 * Customer accounts and their clients from a spreadsheet (docs/decisions/258): keyed by the account's
 * name (any case; a name several accounts share is refused), checked by the API's account body; a
 * client named for the first time is created, checked by the API's client body.
 */
import { clientCreateBody, customerAccountBody, type CustomerAccountBody } from '@cooler-hub/contract/customers';
import { importDuplicateRow, importSeveralMatch } from '@cooler-hub/contract/imports';
import type { Db } from '../../../db/client';
import { clientsRepository } from '../../clients/clients.repository';
import * as accountsRepo from '../../customer-accounts/customer-accounts.repository';
import * as refs from '../import-references.repository';
import { Lookup, SeenKeys, parsed, refused, type KindImporter, type RowOutcome, type RowProblem } from './kind';

const FIELD_OF: Record<string, string> = {
  name: 'name',
  client: 'client',
  contactPerson: 'contactPerson',
  email: 'email',
  telephone: 'telephone',
  deliveryAddress: 'deliveryAddress',
  billingAddress: 'billingAddress',
};
const accountFields = customerAccountBody.omit({ client: true });
type AccountFields = Omit<CustomerAccountBody, 'client'>;

interface Accepted {
  fields: AccountFields;
  clientName: string;
  existing: refs.AccountRecord | undefined;
}

const unchanged = (row: refs.AccountRecord, fields: AccountFields, clientName: string) =>
  row.clientName.toLowerCase() === clientName.toLowerCase() &&
  (Object.keys(fields) as (keyof AccountFields)[]).every((k) => row[k] === fields[k]);

export async function customerAccountsImporter(db: Db): Promise<KindImporter> {
  const clients = new Lookup<number>('client', await refs.allClients(db));
  const seen = new SeenKeys();
  return {
    skip(row) {
      const name = row.get('name');
      if (name !== null) seen.claim(name.toLowerCase(), row.rowNumber);
    },

    async check(db, rows, lock) {
      const names = rows.map((r) => r.get('name')).filter((n): n is string => n !== null);
      const byName = new Map<string, refs.AccountRecord[]>();
      for (const a of await refs.accountsNamed(db, names, lock))
        byName.set(a.name.toLowerCase(), [...(byName.get(a.name.toLowerCase()) ?? []), a]);
      const outcomes: RowOutcome[] = [];
      const accepted: Accepted[] = [];
      for (const row of rows) {
        const problems: RowProblem[] = [];
        const name = row.get('name');
        const earlier = name === null ? undefined : seen.claim(name.toLowerCase(), row.rowNumber);
        if (earlier !== undefined) problems.push({ field: 'name', message: importDuplicateRow(earlier) });
        const matches = name === null ? [] : (byName.get(name.toLowerCase()) ?? []);
        if (matches.length > 1) problems.push({ field: 'name', message: importSeveralMatch('customer account', name!) });
        const client = parsed(clientCreateBody, { name: row.get('client') }, { name: 'client' });
        problems.push(...client.problems);
        const result = parsed(
          accountFields,
          {
            name,
            contactPerson: row.get('contactPerson'),
            email: row.get('email'),
            telephone: row.get('telephone'),
            deliveryAddress: row.get('deliveryAddress'),
            billingAddress: row.get('billingAddress'),
          },
          FIELD_OF,
          problems,
        );
        if (!result.value || !client.value || result.problems.length > 0) {
          outcomes.push(refused(row.rowNumber, result.problems));
          continue;
        }
        const existing = matches[0];
        accepted.push({ fields: result.value, clientName: client.value.name, existing });
        outcomes.push({
          rowNumber: row.rowNumber,
          status: !existing ? 'new' : unchanged(existing, result.value, client.value.name) ? 'unchanged' : 'updated',
        });
      }
      return {
        outcomes,
        // Customer accounts and clients keep no history (docs/product.md §3): nothing to record.
        async write(tx, actor) {
          for (const { fields, clientName, existing } of accepted) {
            if (existing && unchanged(existing, fields, clientName)) continue;
            const known = clients.match(clientName);
            const clientId = 'id' in known ? known.id : (await clientsRepository.insert(tx, clientName)).id;
            if (!('id' in known)) clients.add(clientId, [clientName]);
            const values = { ...fields, clientId };
            if (existing) await accountsRepo.updateCustomerAccount(tx, existing.id, values, actor);
            else await accountsRepo.insertCustomerAccount(tx, values);
          }
        },
      };
    },
  };
}
