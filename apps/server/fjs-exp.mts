import { z } from 'zod';
import fastJson from 'fast-json-stringify';
import { deliveryList } from '@cooler-hub/contract/deliveries';
import { receiptList } from '@cooler-hub/contract/receipts';
const { $schema: _, ...js } = z.toJSONSchema(deliveryList, { target: 'draft-7', io: 'output', unrepresentable: 'throw' }) as any;
console.log(JSON.stringify(js).slice(0, 3000));
