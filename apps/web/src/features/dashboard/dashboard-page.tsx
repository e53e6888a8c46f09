/**
 * The dashboard (/dashboard, docs/decisions/255): receipts per day stacked by process option, scrap
 * rate by reason, turnaround to an approved note, receipts on no note by age, receipts not yet
 * exported. Every figure is a link to Master Data filtered to exactly it (`dashboardLinks`), so the
 * list's total there is the figure. The charts (@mantine/charts) load with this lazy page only.
 */
import { useState, type ReactNode } from 'react';
import { BarChart } from '@mantine/charts';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import {
  AGE_BANDS,
  DEFAULT_DASHBOARD_PERIOD,
  STACKED_OPTIONS,
  dashboardLinks,
  linkSearch,
  type DashboardPeriod,
  type ReceiptsLink,
  type ReceiptsPerDay,
} from '@cooler-hub/contract/dashboard';
import { formatDay } from '@cooler-hub/contract/london-time';
import type { ProcessOption } from '@cooler-hub/contract/receipts';
import { paths } from '../../lib/paths';
import { inSeriesOrder } from './chart-order';
import { useNotExported, useNotOnNoteByAge, useReceiptsPerDay, useScrapByReason, useTurnaround } from './api';
import '@mantine/charts/styles.css';

/** Master Data filtered to a figure. */
const listUrl = (link: ReceiptsLink) => `${paths.receipts.to()}?${linkSearch(link)}`;
const n = (value: number) => value.toLocaleString('en-GB');
const plural = (count: number, one: string, many: string) => `${n(count)} ${count === 1 ? one : many}`;

const OPTION_COLOURS: Record<ProcessOption, string> = { X: 'blue.5', D: 'teal.5', S: 'orange.5' };

/** A figure: its number as a link to its list, named for a screen reader by what it counts. */
function FigureLink(props: { link: ReceiptsLink; label: string; children: ReactNode; size?: string }) {
  return (
    <Anchor component={Link} to={listUrl(props.link)} aria-label={props.label} fw={700} fz={props.size ?? 'inherit'} data-figure>
      {props.children}
    </Anchor>
  );
}

/** A card with a heading, its loading skeleton and its failure with Retry. */
function Panel<T>(props: { title: string; query: UseQueryResult<T>; children: (data: T) => ReactNode; span?: boolean }) {
  const { query } = props;
  const id = `dashboard-${props.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="section"
      aria-labelledby={id}
      style={props.span ? { gridColumn: '1 / -1' } : undefined}
    >
      <Title order={2} size="h4" id={id} mb="sm">
        {props.title}
      </Title>
      {query.data !== undefined ? (
        props.children(query.data)
      ) : query.isError ? (
        <Alert color="red" variant="light" role="alert" title="This figure could not be loaded." icon={<IconAlertCircle aria-hidden />}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            Retry
          </Button>
        </Alert>
      ) : (
        <Stack gap="xs" aria-busy="true" aria-label={`Loading ${props.title}`}>
          <Skeleton height={24} width="40%" />
          <Skeleton height={props.span ? 220 : 80} />
        </Stack>
      )}
    </Card>
  );
}

function Empty(props: { children: ReactNode }) {
  return (
    <Text c="dimmed" size="sm" data-empty>
      {props.children}
    </Text>
  );
}

function ReceiptsPerDayPanel(props: { data: ReceiptsPerDay }) {
  const { data } = props;
  const navigate = useNavigate();
  const period = `the last ${data.days} days`;
  if (data.total === 0) return <Empty>No receipts in {period}.</Empty>;
  const optionTotals = STACKED_OPTIONS.map((option) => ({ option, count: data.perDay.reduce((sum, d) => sum + d[option], 0) }));
  const rows = data.perDay.map((d) => ({ ...d, label: formatDay(d.day).slice(0, 5) }));
  return (
    <Stack gap="sm">
      <Group gap="lg" wrap="wrap">
        <Text size="sm">
          <FigureLink
            link={dashboardLinks.received(data.from, data.to)}
            label={`${plural(data.total, 'receipt', 'receipts')} in ${period}`}
            size="lg"
          >
            {n(data.total)}
          </FigureLink>{' '}
          received from {formatDay(data.from)} to {formatDay(data.to)}
        </Text>
        {optionTotals.map(({ option, count }) => (
          <Text size="sm" key={option}>
            {option}:{' '}
            <FigureLink
              link={dashboardLinks.periodOption(data.from, data.to, option)}
              label={`${plural(count, 'receipt', 'receipts')} with process option ${option} in ${period}`}
            >
              {n(count)}
            </FigureLink>
          </Text>
        ))}
      </Group>
      <div
        role="img"
        aria-label={`Receipts per day in ${period}, stacked by process option: ${optionTotals.map((o) => `${o.option} ${n(o.count)}`).join(', ')}`}
      >
        <BarChart
          h={240}
          data={rows}
          dataKey="label"
          type="stacked"
          withLegend
          legendProps={{ verticalAlign: 'bottom', itemSorter: inSeriesOrder(STACKED_OPTIONS) }}
          tickLine="y"
          series={STACKED_OPTIONS.map((option) => ({ name: option, color: OPTION_COLOURS[option] }))}
          barProps={(series) => ({
            cursor: 'pointer',
            onClick: (bar: { payload?: { day?: string } }) => {
              if (bar.payload?.day) void navigate(listUrl(dashboardLinks.dayOption(bar.payload.day, series.name as ProcessOption)));
            },
          })}
        />
      </div>
      <details>
        <summary>
          <Text component="span" size="sm">
            Receipts per day as a table
          </Text>
        </summary>
        <Table striped withTableBorder mt="xs" fz="sm" aria-label={`Receipts per day in ${period}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Day</Table.Th>
              {STACKED_OPTIONS.map((option) => (
                <Table.Th key={option}>{option}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.perDay
              .filter((d) => d.X + d.D + d.S > 0)
              .reverse()
              .map((d) => (
                <Table.Tr key={d.day}>
                  <Table.Td>{formatDay(d.day)}</Table.Td>
                  {STACKED_OPTIONS.map((option) => (
                    <Table.Td key={option}>
                      <FigureLink
                        link={dashboardLinks.dayOption(d.day, option)}
                        label={`${plural(d[option], 'receipt', 'receipts')} with process option ${option} on ${formatDay(d.day)}`}
                      >
                        {n(d[option])}
                      </FigureLink>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </details>
    </Stack>
  );
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : (part / whole) * 100);

export default function DashboardPage() {
  const [days, setDays] = useState<DashboardPeriod>(DEFAULT_DASHBOARD_PERIOD);
  const perDay = useReceiptsPerDay(days);
  const scrap = useScrapByReason(days);
  const turnaround = useTurnaround(days);
  const byAge = useNotOnNoteByAge();
  const exported = useNotExported();
  const period = `the last ${days} days`;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1}>{paths.dashboard.title}</Title>
        <SegmentedControl
          aria-label="Period"
          value={String(days)}
          onChange={(v) => setDays(v === '90' ? 90 : 30)}
          data={[
            { value: '30', label: '30 days' },
            { value: '90', label: '90 days' },
          ]}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Panel title="Receipts per day" query={perDay} span>
          {(data) => <ReceiptsPerDayPanel data={data} />}
        </Panel>

        <Panel title="Scrap rate by reason" query={scrap}>
          {(data) =>
            data.reasons.length === 0 ? (
              <Empty>No scrap reason given in {period}.</Empty>
            ) : (
              <Stack gap="xs">
                <Text size="sm">
                  Of{' '}
                  <FigureLink
                    link={dashboardLinks.received(data.from, data.to)}
                    label={`${plural(data.received, 'receipt', 'receipts')} received in ${period}`}
                  >
                    {plural(data.received, 'receipt', 'receipts')}
                  </FigureLink>{' '}
                  received in {period}:
                </Text>
                <div style={{ maxHeight: 320, overflowY: 'auto', overflowX: 'hidden' }}>
                  <Stack gap="xs">
                    {data.reasons.map((r) => {
                      const rate = percent(r.count, data.received);
                      return (
                        <div key={r.code}>
                          <Group justify="space-between" gap="xs" wrap="nowrap">
                            <Text size="sm" truncate style={{ minWidth: 0, flex: 1 }}>
                              {r.code} · {r.reason}
                            </Text>
                            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                              <FigureLink
                                link={dashboardLinks.scrapReason(data.from, data.to, r.code)}
                                label={`${plural(r.count, 'receipt', 'receipts')} with scrap reason ${r.code} in ${period}`}
                              >
                                {n(r.count)}
                              </FigureLink>{' '}
                              ({rate.toFixed(1)} %)
                            </Text>
                          </Group>
                          <Progress
                            value={rate}
                            color="orange"
                            size="sm"
                            aria-label={`Scrap rate of reason ${r.code}: ${rate.toFixed(1)} %`}
                          />
                        </div>
                      );
                    })}
                  </Stack>
                </div>
              </Stack>
            )
          }
        </Panel>

        <Panel title="Turnaround to an approved note" query={turnaround}>
          {(data) =>
            data.count === 0 ? (
              <Empty>No transfer or scrap note approved in {period}.</Empty>
            ) : (
              <Stack gap="xs">
                <Group gap="xl">
                  <div>
                    <Text size="xs" c="dimmed">
                      Median
                    </Text>
                    <Text fz="xl" fw={700}>
                      {data.medianDays?.toFixed(1)} days
                    </Text>
                  </div>
                  <div>
                    <Text size="xs" c="dimmed">
                      90th percentile
                    </Text>
                    <Text fz="xl" fw={700}>
                      {data.p90Days?.toFixed(1)} days
                    </Text>
                  </div>
                </Group>
                <Text size="sm">
                  From receipt to approval, over{' '}
                  <FigureLink
                    link={dashboardLinks.approvedInPeriod(data.from, data.to)}
                    label={`${plural(data.count, 'receipt', 'receipts')} on notes approved in ${period}`}
                  >
                    {plural(data.count, 'receipt', 'receipts')}
                  </FigureLink>{' '}
                  on notes approved in {period}.
                </Text>
              </Stack>
            )
          }
        </Panel>

        <Panel title="Received, not on any note" query={byAge}>
          {(data) =>
            data.total === 0 ? (
              <Empty>Every receipt is on a transfer or scrap note.</Empty>
            ) : (
              <Stack gap="xs">
                <Text size="sm">By days since the receipt date:</Text>
                <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
                  {data.bands.map((band) => (
                    <Card key={band.key} withBorder padding="xs" radius="sm">
                      <Text size="xs" c="dimmed">
                        {band.label}
                      </Text>
                      <FigureLink
                        link={dashboardLinks.notOnNote(
                          AGE_BANDS.find((b) => b.key === band.key)!,
                          data.today,
                        )}
                        label={`${plural(band.count, 'receipt', 'receipts')} on no note, ${band.label} old`}
                        size="xl"
                      >
                        {n(band.count)}
                      </FigureLink>
                    </Card>
                  ))}
                </SimpleGrid>
              </Stack>
            )
          }
        </Panel>

        <Panel title="Not yet exported" query={exported}>
          {(data) =>
            data.count === 0 ? (
              <Empty>Every receipt has been exported.</Empty>
            ) : (
              <Text size="sm">
                <FigureLink
                  link={dashboardLinks.notExported()}
                  label={`${plural(data.count, 'receipt', 'receipts')} not yet exported`}
                  size="xl"
                >
                  {n(data.count)}
                </FigureLink>{' '}
                {data.count === 1 ? 'receipt has' : 'receipts have'} not left in an end-of-day CSV yet.
              </Text>
            )
          }
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}
