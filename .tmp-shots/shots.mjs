// Screenshots of each import step at desktop and phone width, against a running app (PORT 18196).
import { chromium } from '@playwright/test';
import ExcelJS from 'exceljs';
import fs from 'node:fs';
const base = 'http://127.0.0.1:18196';
const out = '/tmp/web2-shots';
fs.mkdirSync(out, { recursive: true });
const post = async (path, token, body) => {
  const r = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`${path} ${r.status} ${await r.text()}`);
  return r.json();
};
const get = async (path, token) => (await fetch(base + path, { headers: { authorization: `Bearer ${token}` } })).json();
const { token } = await post('/api/login_check', null, { username: 'admin', password: 'admin-password-1' });
const stamp = Date.now().toString(36);
const supplier = (await get('/api/suppliers?page=1', token)).items[0];
const client = await post('/api/clients', token, { name: `Client ${stamp}` });
const account = await post('/api/customer_accounts', token, { name: `Café ${stamp}`, client: client.id, contactPerson: null, email: null, telephone: null, deliveryAddress: null, billingAddress: null });
const point = await post('/api/collection_points/create', token, { name: `Depot ${stamp}` });
const part = await post('/api/part_numbers', token, { id: crypto.randomUUID(), partNumber: `PN-${stamp}`, description: null }).catch(async () => (await get('/api/part_numbers?page=1', token)).items[0]);
const HEADER = ['LB Number', 'Receipt Date', 'Serial Number', 'Part Number', 'DOM', 'Account', 'Supplier', 'Collection Point', 'Process Option', 'Notes'];
async function makeFile(lb) {
const wb = new ExcelJS.Workbook();
const s = wb.addWorksheet('Receipts');
s.addRow(HEADER);
for (let i = 0; i < 50; i++) {
  s.addRow([`${lb}${String(i).padStart(2, '0')}`, i === 20 ? '31/02/2026' : '14/03/2026', `SN-SHOT-${stamp}-${i}`, part.partNumber, '2019-06-14', i === 30 ? 'Nobody at all' : account.name, supplier.name, point.name, i === 5 ? 'Q' : 'X', '']);
}
wb.addWorksheet('Notes').addRow(['Nothing here']);
const file = Buffer.from(await wb.xlsx.writeBuffer());
  return file;
}


const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [name, viewport] of [['desktop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  const ctx = await browser.newContext({ viewport, locale: 'en-GB', timezoneId: 'Europe/London' });
  await ctx.addInitScript((t) => localStorage.setItem('token', t), token);
  const lb = `LB${Date.now()}`;
  const file = await makeFile(lb);
  const page = await ctx.newPage();
  await page.goto(`${base}/#/import`);
  await page.getByRole('heading', { name: 'Import', level: 1 }).waitFor();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'File', exact: true }).click()]);
  await chooser.setFiles({ name: `receipts-${name}.xlsx`, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/1-upload-${name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByRole('table', { name: 'Columns of the file' }).waitFor({ timeout: 60000 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/2-columns-${name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Dry run' }).click();
  await page.getByRole('heading', { name: 'Dry run result' }).waitFor({ timeout: 60000 });
  await page.getByRole('table', { name: 'Refused rows' }).getByRole('cell').first().waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/3-dry-run-${name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/4-confirm-${name}.png` });
  await page.getByRole('dialog').getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByText(/^The file is imported/).waitFor({ timeout: 60000 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/5-imported-${name}.png`, fullPage: true });
  const receipts = await get(`/api/receipts?lbNumber=${lb}00`, token);
  await page.goto(`${base}/#/receipt/${receipts.items[0].id}/revisions`);
  await page.getByText(/Imported from/).first().waitFor({ timeout: 20000 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/6-history-${name}.png`, fullPage: true });
  await page.goto(`${base}/#/import`);
  await page.getByText('Your recent imports').waitFor();
  await page.screenshot({ path: `${out}/7-recent-${name}.png`, fullPage: true });
  await ctx.close();
}
await browser.close();
console.log('ok');
