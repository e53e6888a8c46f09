/**
 * The form that adds the cooler of a serial nobody has seen, on /receipt-create's step 1 (docs/product.md §5.3;
 * docs/decisions/121): Part Number* and Date of manufacture, the date filled from the serial until the user
 * sets one; 'Add item and continue' saves it under a client id, or keeps it on this device (docs/decisions/270).
 */
import { useEffect, useRef } from 'react';
import { coolerUpdateBody, type Cooler, type CoolerUpdateBody } from '@cooler-hub/contract/coolers';
import { dateOfManufactureFromSerial } from '@cooler-hub/contract/rules';
import { useAppForm } from '../../../../components/form/use-app-form';
import { useNewId } from '../../../../lib/new-id';
import { notifySuccess } from '../../../../lib/notify';
import { createCoolerForReceipt } from '../../api';

const EMPTY = { serialNumber: '', partNumber: null, dateOfManufacture: '' };

export function useNewCoolerForm() {
  const [newId, renewId] = useNewId();
  const formApi = useAppForm(coolerUpdateBody, { defaultValues: EMPTY });
  const { setValue, getFieldState } = formApi.form;
  // The date follows the serial until the user sets it (a user's input is a 'change'; the fill is a setValue).
  const domSetByUser = useRef(false);
  const { watch } = formApi.form;
  useEffect(() => {
    const subscription = watch((_values, { name, type }) => {
      if (name === 'dateOfManufacture' && type === 'change') domSetByUser.current = true;
    });
    return () => subscription.unsubscribe();
  }, [watch]);

  /** The serial as the cooler form sees it; the date of manufacture follows it until the user sets one. */
  const followSerial = (next: string) => {
    setValue('serialNumber', next, { shouldValidate: getFieldState('serialNumber').invalid });
    if (!domSetByUser.current) {
      setValue('dateOfManufacture', next.trim() === '' ? '' : dateOfManufactureFromSerial(next.trim()), {
        shouldValidate: getFieldState('dateOfManufacture').invalid,
      });
    }
  };

  const create = async (values: CoolerUpdateBody): Promise<Cooler> => {
    const created = await createCoolerForReceipt({ id: newId, modelNumber: null, ...values });
    notifySuccess(
      created.pending ? 'Cooler kept on this device: it is sent when the network returns.' : 'Cooler has been successfully created',
    );
    renewId();
    return created;
  };

  return { formApi, followSerial, create };
}
