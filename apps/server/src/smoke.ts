import { lbTagPreset } from '@cooler-hub/contract/lb-tags';
import { pdfBytes } from './lib/pdf';
import { lbTagsPdf } from './modules/lb-tags/lb-tags.pdf';
const tags = Array.from({ length: 500 }, (_, i) => ({ lbNumber: `LB${4210000 + i}`, serialNumber: `SN2020060110${String(i).padStart(4, '0')}`, partNumber: 'FR-00006-SD' }));
const out = [];
for (let r = 0; r < 8; r++) {
  const c = process.cpuUsage();
  const b = await pdfBytes(lbTagsPdf(tags, lbTagPreset('2x1in-203dpi')));
  const u = process.cpuUsage(c);
  out.push(`${((u.user + u.system) / 1000).toFixed(0)}`);
  if (r === 0) console.log(b.length, 'bytes');
}
console.log('cpu ms per run:', out.join(' '));
