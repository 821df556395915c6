import { trpc } from '../../api/trpc';

/** A closed month's report. A month still open is refused by the server (`reportMonthOpen`): no retry. */
export const useMonitoringReport = (month: string) =>
  trpc.monitoringReport.month.useQuery({ month }, { placeholderData: (previous) => previous, retry: false });

export const useBillingCodes = () => trpc.monitoringReport.codes.useQuery();

/** Signing answers the report as signed: it replaces the month's in the cache. */
export function useSignReport() {
  const utils = trpc.useUtils();
  return trpc.monitoringReport.sign.useMutation({
    onSuccess: (report) => utils.monitoringReport.month.setData({ month: report.month }, report),
  });
}

/** A code changed: the codes and every month computed with them are read again. */
export function useUpdateBillingCode() {
  const utils = trpc.useUtils();
  return trpc.monitoringReport.updateCode.useMutation({
    onSuccess: () => Promise.all([utils.monitoringReport.codes.invalidate(), utils.monitoringReport.month.invalidate()]),
  });
}

/** The month's CSV, fetched and handed to the browser as a download. */
export function useDownloadCsv() {
  const utils = trpc.useUtils();
  return async (month: string) => {
    const { filename, csv } = await utils.monitoringReport.csv.fetch({ month }, { staleTime: 0 });
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
}
