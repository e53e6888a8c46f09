import ExcelJS from 'exceljs';
const HEADER = ['LB Number', 'Receipt Date', 'Serial Number', 'Part Number', 'DOM', 'Account', 'Supplier', 'Collection Point', 'Process Option', 'Notes'];
const wb = new ExcelJS.Workbook(); const s = wb.addWorksheet('Receipts');
s.addRow(HEADER);
for (let i=0;i<50;i++) s.addRow(['LB12345678901234'+String(i).padStart(2,'0'),'14/03/2026','SN-IMP'+i+'-abc','PN-x','2019-06-14','Account y','Sup','Depot z','X','']);
await wb.xlsx.writeFile('/tmp/t2.xlsx');
