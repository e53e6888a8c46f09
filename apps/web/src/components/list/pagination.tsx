import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { pageItems, pageSummary } from './pagination-model';

export function PageSummary(props: { page: number; perPage: number; totalCount: number; pagesCount: number }) {
  const { t } = useTranslation();
  const summary = pageSummary(props.page, props.perPage, props.totalCount, props.pagesCount);
  return (
    <Text size="sm" c="dimmed" data-testid="list-summary">
      {summary.kind === 'range'
        ? t('list.range', { from: summary.from, to: summary.to, total: summary.total })
        : t('list.count', { count: summary.count })}
    </Text>
  );
}

/** Page buttons: first, last, current ± 1 and ellipses (docs/product.md §2.2, §9). Hidden for a single page. */
export function Pagination(props: { page: number; pagesCount: number; onChange: (page: number) => void }) {
  const { t } = useTranslation();
  const { page, pagesCount, onChange } = props;
  if (pagesCount <= 1) return null;
  return (
    <nav aria-label={t('list.pagination')}>
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('list.previousPage')}
          disabled={page <= 1}
          onClick={() => onChange(page - 1)}
        >
          <IconChevronLeft size={16} aria-hidden />
        </ActionIcon>
        {pageItems(page, pagesCount).map((item) =>
          typeof item === 'number' ? (
            <Button
              key={item}
              size="compact-sm"
              miw={32}
              variant={item === page ? 'filled' : 'subtle'}
              color={item === page ? undefined : 'gray'}
              aria-label={t('list.page', { page: item })}
              aria-current={item === page ? 'page' : undefined}
              onClick={() => item !== page && onChange(item)}
            >
              {item}
            </Button>
          ) : (
            <Text key={item} c="dimmed" px={4} aria-hidden>
              …
            </Text>
          ),
        )}
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('list.nextPage')}
          disabled={page >= pagesCount}
          onClick={() => onChange(page + 1)}
        >
          <IconChevronRight size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </nav>
  );
}
