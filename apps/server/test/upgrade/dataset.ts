/**
 * The rows put into every upgrade fixture (generate.ts), one list per table in insert order. Rows are
 * a superset over every schema level: generate.ts inserts only the tables and columns a level has, so
 * the same hub (users with known passwords, reference data, coolers, receipts, their history and
 * exports, mail, delivery notes) exists at every level.
 */

/** Who can sign in to every fixture, with the password they chose on the old version. */
export const FIXTURE_USERS = [
  { id: 1, username: 'admin', email: 'admin@coolerhub.local', role: 'Admin', color: null, password: 'Old admin password 2026' },
  { id: 2, username: 'mary.production', email: 'mary@hub.example', role: 'Production', color: 'Teal', password: 'mary-kept-her-password' },
  { id: 3, username: 'Omar', email: 'Omar@Hub.example', role: 'Production', color: null, password: 'omar s3cret ünïcode' },
] as const;

/** 43 characters: the shape of an upload id. */
export const AVATAR_UPLOAD_ID = 'aVatarUpload0123456789abcdefghijklmnopqrstu';
const SPARE_UPLOAD_ID = 'spareUpload-_0123456789abcdefghijklmnopqrst';

/** A valid 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const PART_A = '5b3a9a52-46a1-4c8e-9d39-1b1f0c7a1001';
const PART_B = '5b3a9a52-46a1-4c8e-9d39-1b1f0c7a1002';
const CC = '7c1d2e3f-0000-4a4a-8b8b-00000000c0de';
const COOLER_1 = '0e1f2a3b-1111-4c4c-8d8d-000000000001';
const COOLER_2 = '0e1f2a3b-1111-4c4c-8d8d-000000000002';
export const RECEIPTS = [
  '9a000000-2222-4e4e-8f8f-000000000001',
  '9a000000-2222-4e4e-8f8f-000000000002',
  '9a000000-2222-4e4e-8f8f-000000000003',
  '9a000000-2222-4e4e-8f8f-000000000004',
] as const;

export type Row = Record<string, unknown>;

/** Tables in insert order; `passwordHashes[i]` is the argon2 hash of FIXTURE_USERS[i].password. */
export function dataset(passwordHashes: string[]): [table: string, rows: Row[]][] {
  const day = (d: number, time = '09:15:00') => `2026-11-${String(d).padStart(2, '0')}T${time}Z`;
  return [
    [
      'uploads',
      [
        // owner_id is set after the users exist (generate.ts): users and uploads refer to each other.
        { id: AVATAR_UPLOAD_ID, kind: 'avatar', content_type: 'image/png', bytes: PNG, size: PNG.length, created_at: day(20, '10:00:00') },
        { id: SPARE_UPLOAD_ID, kind: 'avatar', content_type: 'image/png', bytes: PNG, size: PNG.length, created_at: day(20, '10:05:00') },
      ],
    ],
    [
      'users',
      FIXTURE_USERS.map((u, i) => ({
        id: u.id,
        username: u.username,
        email: u.email,
        password_hash: passwordHashes[i],
        role: u.role,
        color: u.color,
        // Before the squash the avatar was the URL the API handed out; after it, the upload's id.
        avatar: u.id === 2 ? `https://hub.example/api/uploads/${AVATAR_UPLOAD_ID}` : null,
        avatar_upload_id: u.id === 2 ? AVATAR_UPLOAD_ID : null,
        token_version: u.id === 2 ? 3 : 0,
        created_at: day(19, `08:0${u.id}:00`),
        updated_at: day(20, `11:0${u.id}:00`),
      })),
    ],
    [
      'password_history',
      [
        { id: 1, user_id: 2, password_hash: passwordHashes[1], created_at: day(20, '11:02:00') },
        { id: 2, user_id: 3, password_hash: passwordHashes[2], created_at: day(20, '11:03:00') },
      ],
    ],
    [
      'password_recovery_codes',
      [
        {
          id: 1,
          user_id: 3,
          code_hash: 'c0de-hash-omar',
          expires_at: day(20, '12:00:00'),
          attempts: 2,
          used_at: null,
          created_at: day(20, '11:30:00'),
        },
      ],
    ],
    [
      'password_reset_tokens',
      [
        {
          id: 1,
          user_id: 3,
          token_hash: 'token-hash-omar',
          expires_at: day(20, '12:30:00'),
          used_at: day(20, '11:45:00'),
          created_at: day(20, '11:40:00'),
        },
      ],
    ],
    // Personal API tokens (docs/decisions/279): one used, one never used.
    [
      'api_tokens',
      [
        {
          id: 1,
          user_id: 2,
          name: 'nightly-import',
          scope: 'asMyRole',
          secret_hash: 'api-token-hash-nightly-import-0123456789abcdefghijklmnopq',
          shown: 'chub_Ab12Cd',
          expires_at: '2027-06-01T00:00:00Z',
          last_used_at: day(28, '02:00:00'),
          created_at: day(27, '16:00:00'),
        },
        {
          id: 2,
          user_id: 3,
          name: 'Read-only report',
          scope: 'readOnly',
          secret_hash: 'api-token-hash-read-only-report-0123456789abcdefghijklmnop',
          shown: 'chub_Ef34Gh',
          expires_at: '2026-12-31T00:00:00Z',
          last_used_at: null,
          created_at: day(28, '09:00:00'),
        },
      ],
    ],
    ['login_failures', [{ id: 1, key: 'ip:203.0.113.9', created_at: day(20, '07:00:00') }]],
    ['app_secrets', [{ name: 'jwt', value: 'fixture-jwt-secret-kept-in-the-database-0123456789', created_at: day(19, '08:00:00') }]],
    [
      'suppliers',
      [
        { id: 1, name: 'Arctic Cooling Services Ltd', created_at: day(19), updated_at: day(19) },
        { id: 2, name: 'Severn Cold Chain Ltd', created_at: day(19), updated_at: day(20) },
      ],
    ],
    ['clients', [{ id: 1, name: 'Albion Soft Drinks plc', created_at: day(19), updated_at: day(19) }]],
    [
      'customer_accounts',
      [
        {
          id: 1,
          name: 'Albion Soft Drinks – Manchester Depot',
          contact_person: 'Sarah Whitfield',
          email: 'returns.manchester@albion-drinks.example',
          telephone: '0161 496 0321',
          delivery_address: 'Unit 7, Trafford Park Road, Manchester M17 1HG',
          billing_address: 'Albion House, 12 Deansgate, Manchester M3 2BW',
          client_id: 1,
          created_at: day(19),
          updated_at: day(19),
        },
        {
          id: 2,
          name: 'Albion – Leeds',
          contact_person: null,
          email: null,
          telephone: null,
          delivery_address: null,
          billing_address: null,
          client_id: 1,
          created_at: day(19),
          updated_at: day(19),
        },
      ],
    ],
    [
      'collection_points',
      [
        { id: 1, name: 'Manchester Depot', created_at: day(19), updated_at: day(19) },
        { id: 2, name: 'Leeds Hub', created_at: day(19), updated_at: day(19) },
      ],
    ],
    [
      'scrap_reasons',
      [
        { id: 1, code: 1, reason: 'Refrigerant leak – uneconomical to repair', created_at: day(19), updated_at: day(19) },
        { id: 2, code: 2, reason: 'Compressor failure', created_at: day(19), updated_at: day(19) },
      ],
    ],
    [
      'part_numbers',
      [
        {
          id: PART_A,
          part_number: 'FR-300-SD',
          description: 'Single-door upright display cooler, 300 L',
          created_at: day(19),
          updated_at: day(19),
        },
        { id: PART_B, part_number: 'FR-600-DD', description: null, created_at: day(19), updated_at: day(19) },
      ],
    ],
    ['cc_codes', [{ id: CC, code: 'CC-100', name: 'Standard collection', price_pence: 4250, created_at: day(19), updated_at: day(19) }]],
    [
      'coolers',
      [
        {
          id: COOLER_1,
          serial_number: 'SN-0001-A',
          part_number_id: PART_A,
          date_of_manufacture: '2019-04-01',
          model_number: 'M-300',
          created_at: day(21),
          updated_at: day(21),
        },
        {
          id: COOLER_2,
          serial_number: 'SN-0002-B',
          part_number_id: PART_B,
          date_of_manufacture: '2021-09-15',
          model_number: null,
          created_at: day(21),
          updated_at: day(22),
        },
      ],
    ],
    [
      'receipts',
      [
        // X by collection point, not exported; D2 by an engineer, exported; S with a reason, exported; D5 (scrap reason) not exported.
        receipt(RECEIPTS[0], 'LB100001', day(22, '08:30:00'), COOLER_1, { process_option: 'X', collection_point_id: 1 }, false),
        receipt(
          RECEIPTS[1],
          'LB100002',
          day(22, '09:30:00'),
          COOLER_2,
          { process_option: 'D', process_state: 'D2', engineer_no: 'ENG-042' },
          true,
        ),
        receipt(
          RECEIPTS[2],
          'LB100003',
          day(22, '10:30:00'),
          COOLER_1,
          { process_option: 'S', scrap_reason_id: 1, collection_point_id: 2 },
          true,
        ),
        receipt(
          RECEIPTS[3],
          'LB100004',
          day(22, '11:30:00'),
          COOLER_2,
          { process_option: 'D', process_state: 'D5', scrap_reason_id: 2, engineer_no: 'eng-7' },
          false,
        ),
      ],
    ],
    [
      'receipt_exports',
      [
        // receipt_date (from 0019, docs/decisions/292): the receipt's own.
        { receipt_id: RECEIPTS[1], exported_at: day(22, '18:00:00'), receipt_date: day(22, '09:30:00') },
        { receipt_id: RECEIPTS[2], exported_at: day(22, '18:00:00'), receipt_date: day(22, '10:30:00') },
      ],
    ],
    [
      'revision_entries',
      [
        {
          id: 1,
          entry_kind: 'Receipt',
          entry_ref: RECEIPTS[0],
          diff_type: 'Text',
          text_only_message: ['Receipt created'],
          old_new_message: {},
          creator_id: 2,
          creator_username: 'mary.production',
          created_at: day(22, '08:30:00'),
        },
        {
          id: 2,
          entry_kind: 'Cooler',
          entry_ref: COOLER_2,
          diff_type: 'OldNew',
          text_only_message: [],
          old_new_message: { modelNumber: { old: 'M-600', new: null } },
          creator_id: null,
          creator_username: 'deleted.user',
          created_at: day(22, '12:00:00'),
        },
      ],
    ],
    [
      'outgoing_mail',
      [
        {
          id: 'a1111111-0000-4000-8000-000000000001',
          kind: 'delivery',
          ref: '2',
          recipients: ['returns.manchester@albion-drinks.example', 'quality@hub.example'],
          tracking_token: 'track-0001',
          attempts: 1,
          sending_since: null,
          delivered_at: day(23, '10:01:00'),
          viewed_at: day(23, '11:00:00'),
          failed_at: null,
          failure_reason: null,
          last_error: null,
          created_at: day(23, '10:00:00'),
        },
        {
          id: 'a1111111-0000-4000-8000-000000000002',
          kind: 'password-recovery',
          ref: '3',
          recipients: ['Omar@Hub.example'],
          tracking_token: 'track-0002',
          attempts: 5,
          sending_since: null,
          delivered_at: null,
          viewed_at: null,
          failed_at: day(23, '10:30:00'),
          failure_reason: '550 mailbox unavailable',
          last_error: '550 mailbox unavailable',
          created_at: day(23, '10:10:00'),
        },
      ],
    ],
    [
      'delivery_addresses',
      [
        { id: 1, address_target: 'dispatch', address: lookedUp('Unit 7, Trafford Park Road, Manchester', 'M17 1HG'), created_at: day(23) },
        { id: 2, address_target: 'invoice', address: lookedUp('12 Deansgate, Manchester', null), created_at: day(23) },
      ],
    ],
    [
      'delivery_emails',
      [
        { id: 1, email: 'returns.manchester@albion-drinks.example', created_at: day(23) },
        { id: 2, email: 'quality@hub.example', created_at: day(23) },
      ],
    ],
    [
      'deliveries',
      [
        {
          id: 1,
          type: 'transfer',
          status: 'pending',
          delivery_day: '2026-11-24',
          customer_account_id: 1,
          business_name: 'Albion Manchester',
          dispatch_address_id: 1,
          invoice_address_id: 2,
          cc_code_id: CC,
          items_count: 1,
          approved_at: null,
          approved_by_id: null,
          created_by_id: 2,
          email_delivered_at: null,
          email_viewed_at: null,
          email_failed_at: null,
          email_failure_reason: null,
          created_at: day(23, '09:00:00'),
          updated_at: day(23, '09:05:00'),
        },
        {
          id: 2,
          type: 'scrap',
          status: 'approved',
          delivery_day: '2026-11-23',
          customer_account_id: null,
          business_name: null,
          dispatch_address_id: null,
          invoice_address_id: null,
          cc_code_id: null,
          items_count: 1,
          approved_at: day(23, '10:00:00'),
          approved_by_id: 1,
          created_by_id: 3,
          email_delivered_at: day(23, '10:01:00'),
          email_viewed_at: day(23, '11:00:00'),
          email_failed_at: null,
          email_failure_reason: null,
          created_at: day(23, '09:30:00'),
          updated_at: day(23, '10:00:00'),
        },
        {
          id: 3,
          type: 'error_sheet',
          status: 'pending',
          delivery_day: '2026-11-23',
          customer_account_id: 2,
          business_name: null,
          dispatch_address_id: null,
          invoice_address_id: null,
          cc_code_id: null,
          items_count: 1,
          approved_at: null,
          approved_by_id: null,
          created_by_id: null,
          email_delivered_at: null,
          email_viewed_at: null,
          email_failed_at: null,
          email_failure_reason: null,
          created_at: day(23, '09:40:00'),
          updated_at: day(23, '09:40:00'),
        },
      ],
    ],
    [
      'delivery_lines',
      [
        { id: 1, delivery_id: 1, delivery_type: 'transfer', receipt_id: RECEIPTS[0], created_at: day(23, '09:01:00') },
        { id: 2, delivery_id: 2, delivery_type: 'scrap', receipt_id: RECEIPTS[2], created_at: day(23, '09:31:00') },
        { id: 3, delivery_id: 3, delivery_type: 'error_sheet', receipt_id: RECEIPTS[1], created_at: day(23, '09:41:00') },
      ],
    ],
    [
      'delivery_recipients',
      [
        { delivery_id: 2, delivery_email_id: 1 },
        { delivery_id: 2, delivery_email_id: 2 },
      ],
    ],
    // Saved views (migration 0011, docs/decisions/253): a private one with hidden columns, a shared one.
    [
      'saved_views',
      [
        {
          id: 1,
          owner_id: 2,
          list_key: 'receipts',
          name: 'Open D',
          query: 'processOption=D&isExported=false&order[receiptDate]=asc',
          visible_columns: JSON.stringify(['lbNumber', 'serialNumber', 'customer']),
          shared: false,
          created_at: day(26, '10:00:00'),
          updated_at: day(26, '10:00:00'),
          updated_by: 'mary.production',
        },
        {
          id: 2,
          owner_id: 1,
          list_key: 'coolers',
          name: 'All coolers',
          query: '',
          visible_columns: null,
          shared: true,
          created_at: day(26, '10:05:00'),
          updated_at: day(26, '10:05:00'),
          updated_by: 'admin',
        },
      ],
    ],
    [
      'saved_view_defaults',
      [
        { user_id: 2, list_key: 'receipts', view_id: 1 },
        { user_id: 2, list_key: 'coolers', view_id: 2 },
      ],
    ],
    [
      'imports',
      [
        {
          id: 'c1111111-0000-4000-8000-000000000001',
          kind: 'partNumbers',
          file_name: 'parts.csv',
          format: 'csv',
          size: 40,
          sheet: null,
          sheets: JSON.stringify([]),
          headers: JSON.stringify(['Part Number', 'Description']),
          mapping: JSON.stringify({ partNumber: 0, description: 1 }),
          checked_mapping: JSON.stringify({ partNumber: 0, description: 1 }),
          status: 'imported',
          run_id: 'c2222222-0000-4000-8000-000000000001',
          run_mode: 'import',
          run_started_at: day(27, '09:00:00'),
          rows_done: 2,
          bytes_done: 40,
          resume_row: 3,
          counts: JSON.stringify({ new: 1, updated: 0, unchanged: 0, refused: 1 }),
          error: null,
          creator_id: 1,
          creator_username: 'admin',
          created_at: day(27, '08:59:00'),
          updated_at: day(27, '09:00:01'),
        },
      ],
    ],
    [
      'import_file_chunks',
      [{ import_id: 'c1111111-0000-4000-8000-000000000001', seq: 0, bytes: Buffer.from('Part Number,Description\r\nFR-9,Tall\r\n,\r\n') }],
    ],
    [
      'import_refusals',
      [
        {
          import_id: 'c1111111-0000-4000-8000-000000000001',
          row_number: 3,
          problems: JSON.stringify([{ field: 'Part Number', message: 'Required Field' }]),
          cells: JSON.stringify([null, null]),
        },
      ],
    ],
    [
      'import_mappings',
      [{ user_id: 1, kind: 'partNumbers', mapping: JSON.stringify({ partnumber: 'partNumber', description: 'description' }) }],
    ],
    // Webhooks (docs/decisions/280): one with a delivery settled on its second attempt, one switched off.
    [
      'webhooks',
      [
        {
          id: 1,
          url: 'https://erp.example/hooks/cooler-hub',
          events: ['receipt.created', 'delivery.approved'],
          active: true,
          secret: 'whsec_fixtureSecret0123456789abcdefghijklmnopqrstu',
          created_at: day(28, '10:00:00'),
          updated_at: day(28, '10:00:00'),
        },
        {
          id: 2,
          url: 'http://reports.example/incoming',
          events: ['import.finished'],
          active: false,
          secret: 'whsec_fixtureSecretTwo456789abcdefghijklmnopqrstu',
          created_at: day(28, '11:00:00'),
          updated_at: day(28, '11:30:00'),
        },
      ],
    ],
    [
      'webhook_deliveries',
      [
        {
          id: 'd2222222-0000-4000-8000-000000000001',
          webhook_id: 1,
          event: 'receipt.created',
          body: JSON.stringify({
            id: 'd2222222-0000-4000-8000-000000000001',
            event: 'receipt.created',
            occurredAt: day(28, '10:05:00'),
            data: { id: RECEIPTS[0] },
          }),
          status: 'delivered',
          sending_since: null,
          settled_at: day(28, '10:05:31'),
          created_at: day(28, '10:05:00'),
        },
      ],
    ],
    [
      'webhook_attempts',
      [
        {
          id: 1,
          delivery_id: 'd2222222-0000-4000-8000-000000000001',
          number: 1,
          at: day(28, '10:05:01'),
          status_code: 503,
          error: 'The receiver answered 503 Service Unavailable.',
          duration_ms: 120,
        },
        {
          id: 2,
          delivery_id: 'd2222222-0000-4000-8000-000000000001',
          number: 2,
          at: day(28, '10:05:31'),
          status_code: 200,
          error: null,
          duration_ms: 85,
        },
      ],
    ],
    // Label printers (docs/decisions/283): a Zebra on raw TCP and a Brother behind CUPS; a job sent, one failed.
    [
      'printers',
      [
        {
          id: 'e3333333-0000-4000-8000-000000000001',
          name: 'Goods-in Zebra',
          connection: 'raw',
          host: 'zebra-1.local',
          port: 9100,
          url: null,
          language: 'zpl',
          preset: '2x1in-203dpi',
          darkness: 15,
          created_at: day(29, '08:00:00'),
          updated_at: day(29, '08:00:00'),
          updated_by: 'admin',
        },
        {
          id: 'e3333333-0000-4000-8000-000000000002',
          name: 'Office Brother',
          connection: 'ipp',
          host: null,
          port: null,
          url: 'ipp://cups.local:631/printers/brother-ql',
          language: 'pdf',
          preset: '62x29mm-300dpi',
          darkness: null,
          created_at: day(29, '08:05:00'),
          updated_at: day(29, '08:05:00'),
          updated_by: 'admin',
        },
      ],
    ],
    [
      'print_jobs',
      [
        {
          id: 'f4444444-0000-4000-8000-000000000001',
          printer_id: 'e3333333-0000-4000-8000-000000000001',
          receipt_ids: [RECEIPTS[0], RECEIPTS[1]],
          labels: 2,
          status: 'sent',
          message: 'The printer Goods-in Zebra took 2 labels.',
          created_by_id: 1,
          created_at: day(29, '08:10:00'),
          finished_at: day(29, '08:10:01'),
        },
        {
          id: 'f4444444-0000-4000-8000-000000000002',
          printer_id: 'e3333333-0000-4000-8000-000000000001',
          receipt_ids: [RECEIPTS[1]],
          labels: 1,
          status: 'failed',
          message: 'The printer Goods-in Zebra is out of paper: nothing was printed.',
          created_by_id: 1,
          created_at: day(29, '08:12:00'),
          finished_at: day(29, '08:12:00'),
        },
      ],
    ],
  ];

  function receipt(id: string, lb: string, when: string, cooler: string, mode: Row, exported: boolean): Row {
    return {
      id,
      lb_number: lb,
      receipt_date: when,
      supplier_id: 1,
      customer_account_id: 1,
      inventory_item_id: cooler,
      collection_point_id: null,
      engineer_no: null,
      process_state: null,
      scrap_reason_id: null,
      notes: `notes of ${lb}`,
      tag_fault_comment: exported ? 'tag faded' : null,
      asset_no: `A-${lb.slice(2)}`,
      // Before receipt_exports (migration 0003) the exported state was this column.
      is_exported: exported,
      created_at: when,
      // Exports before 0003 kept updated_at as the time of export: 0003 carries it over as exported_at.
      updated_at: exported ? day(22, '18:00:00') : when,
      ...mode,
    };
  }
}

function lookedUp(searchText: string, postcode: string | null): Row {
  return {
    searchText,
    formattedAddress: postcode ? `${searchText} ${postcode}, UK` : null,
    full: null,
    lat: postcode ? 53.4631 : null,
    lng: postcode ? -2.2913 : null,
    postcode,
    cleanPostcode: postcode?.replace(' ', '') ?? null,
    placeId: null,
    address1: null,
    address2: null,
    address3: null,
  };
}
