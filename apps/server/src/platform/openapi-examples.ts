/**
 * A realistic request body per operation (`METHOD /path` as documented). The conformance test
 * sends each of these to a running server, so an example that stops being valid fails CI.
 * Ids here are placeholders; the test swaps in real ones by field name.
 */
export const REQUEST_EXAMPLES: Record<string, unknown> = {
  'PATCH /api/v1/me': { locale: 'de' },
  'POST /api/v1/me/recovery-codes': {},
  'POST /api/v1/me/sessions/revoke-others': {},
  'POST /api/v1/businesses': {
    name: 'Corner Bakery',
    legal_name: 'Corner Bakery GmbH',
    country: 'DE',
    default_currency: 'EUR',
    support_email: 'help@corner-bakery.example',
    address: { line1: 'Hauptstraße 5', postal_code: '10115', city: 'Berlin', country: 'DE' },
    vat_id: 'DE123456789',
  },
  'PATCH /api/v1/businesses/{business_id}': { name: 'Corner Bakery & Café' },
  'POST /api/v1/projects': {
    name: 'Main street shop',
    business_id: 'bus_01J9Z3K6V7R2Q8M4N5P6T7W8X9',
    time_zone: 'Europe/Berlin',
    currency: 'EUR',
  },
  'PATCH /api/v1/projects/{project_id}': {
    name: 'Main street shop',
    terminal_offline_alert_minutes: 15,
    allow_other_currencies: false,
    tipping: { enabled: true, percentages: [10, 15, 20], smart_threshold: 1000 },
    cashier_idle_minutes: 5,
    tax_rate: 19,
    daily_close_time: '22:00',
    close_report_email: true,
    tips_taxable: false,
    payout_delay_days: 2,
    payout_time: '06:00',
  },
  'POST /api/v1/projects/{project_id}/staff': { name: 'Ana', pin: '5930', role: 'cashier' },
  'PATCH /api/v1/projects/{project_id}/staff/{staff_id}': { role: 'manager', disabled: false },
  'POST /api/v1/projects/{project_id}/items': {
    name: 'Flat white',
    category: 'Coffee',
    price: null,
    tax_rate: 7,
    sku: 'COF-FW',
    variants: [
      { name: 'Small', price: 320 },
      { name: 'Large', price: 390 },
    ],
  },
  'PATCH /api/v1/projects/{project_id}/items/{item_id}': { category: 'Hot drinks', position: 2 },
  'POST /api/v1/projects/{project_id}/items/import': {
    mode: 'preview',
    csv: 'name,category,price,tax_rate,sku,variant\r\nFlat white,Coffee,3.20,7,COF-FW,Small\r\nFlat white,Coffee,3.90,7,COF-FW,Large\r\nCroissant,Bakery,2.10,7,,\r\n',
  },
  'POST /api/v1/projects/{project_id}/transfer': { to_user_id: 'uid_admin' },
  'PATCH /api/v1/projects/{project_id}/members/{user_id}': { role: 'admin' },
  'POST /api/v1/projects/{project_id}/invitations': { emails: ['ana@corner-bakery.example'], role: 'member' },
  'POST /api/v1/projects/{project_id}/api-keys': { name: 'Back office', mode: 'write' },
  'POST /api/v1/projects/{project_id}/api-keys/{key_id}/roll': { grace_period_seconds: 3600 },
  'POST /api/v1/projects/{project_id}/transactions/{transaction_id}/refunds': {
    amount: 250,
    reason: 'requested_by_customer',
  },
  'POST /api/v1/projects/{project_id}/webhooks': {
    url: 'https://hooks.corner-bakery.example/scanline',
    description: 'Accounting',
    event_types: ['transaction.succeeded', 'transaction.refunded'],
  },
  'PATCH /api/v1/projects/{project_id}/webhooks/{webhook_id}': { description: 'Accounting (EU)' },
  'POST /api/v1/projects/{project_id}/webhooks/{webhook_id}/recover': { since: '2026-11-24T00:00:00Z' },
  'POST /api/v1/demo-projects': { time_zone: 'Europe/Berlin' },
  'POST /terminal/v1/projects/{project_id}/terminals': {
    label: 'Till 2',
    kind: 'physical',
    location: 'Front counter',
    serial: 'SN-4402-118',
  },
  'PATCH /terminal/v1/projects/{project_id}/terminals/{terminal_id}': { location: 'Back counter' },
  'POST /terminal/v1/pair': {
    code: 'ABCD-1234',
    device: { model: 'Pixel 9', app_version: '2.4.0', serial: 'SN-4402-118' },
  },
  'POST /terminal/v1/heartbeat': { app_version: '2.4.0', battery: 87, network: 'wifi' },
  // No currency: the project's (a device or a person may name only that one unless the project
  // allows others; a register's API key may name any). Its basket (docs/guide/baskets.md): the
  // amount is the lines' sum, 2 × 3.20 + 0.5 kg × 12.99 = 12.90, and may be left out.
  'POST /terminal/v1/transactions': {
    amount: 1290,
    line_items: [
      { name: 'Flat white', unit_price: 320, quantity: 2 },
      { name: 'Mountain cheese (kg)', unit_price: 1299, quantity: 0.5 },
    ],
    reference: 'order-1042',
    metadata: { register: 'till-2' },
    skip_tipping: false,
    tax_rate: 7,
  },
  'POST /terminal/v1/cashier-sessions': { pin: '4821' },
  // €10.00 of the bill in cash, a €20 note handed over: €10.00 change.
  'POST /terminal/v1/transactions/{transaction_id}/tenders': {
    method: 'cash',
    amount: 1000,
    cash_given: 2000,
  },
  // A €30.00 bill split three ways: three card shares of €10.00, a payment page each.
  'POST /terminal/v1/transactions/{transaction_id}/tenders/split': { shares: 3 },
  'POST /terminal/v1/transactions/{transaction_id}/refunds': { amount: 250, reason: 'requested_by_customer' },
  // The cash counted in the drawer (€118.50); required while one is open.
  'POST /terminal/v1/projects/{project_id}/terminals/{terminal_id}/closes': { counted_cash: 11850 },
  'POST /terminal/v1/closes': { counted_cash: 11850 },
  // A €100.00 float to give change from (docs/guide/drawer.md).
  'POST /terminal/v1/drawer/open': { float: 10000 },
  'POST /terminal/v1/projects/{project_id}/terminals/{terminal_id}/drawer/open': { float: 10000 },
  'POST /terminal/v1/drawer/movements': {
    type: 'paid_out',
    amount: 450,
    reason: 'Milk from the corner shop',
  },
  'POST /terminal/v1/projects/{project_id}/terminals/{terminal_id}/drawer/movements': {
    type: 'paid_in',
    amount: 2000,
    reason: 'Coins from the bank',
  },
  'POST /mobile/v1/scans': { token: 'stk_token' },
  'POST /api/v1/providers/stripe/webhook': {
    id: 'evt_1QXyZ2AbCdEfGhIj',
    object: 'event',
    type: 'payment_intent.succeeded',
    data: {
      object: {
        id: 'pi_3QXyZ2AbCdEfGhIj',
        object: 'payment_intent',
        metadata: {
          transaction_id: 'txn_01J9Z3K6V7R2Q8M4N5P6T7W8X9',
          project_id: 'prj_01J9Z3K6V7R2Q8M4N5P6T7W8X9',
        },
      },
    },
  },
  'POST /mobile/v1/scans/{scan_id}/payments': { payment_method: 'pm_card_visa', tip_amount: 188 },
  'POST /mobile/v1/scans/{scan_id}/payments/confirm': {},
  'POST /mobile/v1/scans/{scan_id}/receipt': { email: 'shopper@example.com' },
  'POST /mobile/v1/stickers/{token}/transactions': { amount: 450, note: 'Two coffees' },
};
