'use client';
/**
 * "Send test event": the catalog's example of the chosen type, sent to the endpoint now
 * (POST .../{id}/test `{ "type" }`, 202 with the queued delivery); the log below shows it arrive.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, apiFetch, errorMessage } from '@/components/ui/api';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { describedBy, Field, Select } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { endpointPath, invalidateEndpoints, type EndpointDelivery, type Endpoint, type EventTypeChoice } from './endpoints-api';
import { allEvents } from './endpoint-words';

export function SendTestEvent({ endpoint, eventTypes }: { endpoint: Endpoint; eventTypes: readonly EventTypeChoice[] }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  // The endpoint's own types first: a test of a type it does not subscribe to is still sent.
  const subscribed = allEvents(endpoint) ? eventTypes : eventTypes.filter((t) => endpoint.enabledEvents.includes(t.type));
  const others = eventTypes.filter((t) => !subscribed.includes(t));
  const [type, setType] = useState(subscribed[0]?.type ?? eventTypes[0]?.type ?? '');
  const send = useMutation({
    mutationFn: async () => (await apiFetch<EndpointDelivery>(endpointPath(endpoint.id, '/test'), { method: 'POST', body: { type } })).data,
    onSuccess: (delivery) => {
      toast.success('Test event queued', `${delivery.eventType} is on its way; the delivery log shows the answer.`);
      void invalidateEndpoints(queryClient);
    },
  });
  const error = send.error;
  const typeError = error instanceof ApiError ? error.entries.find((e) => e.source?.pointer === '/type')?.detail : undefined;
  const otherError = error && !typeError ? errorMessage(error) : undefined;
  const hint = endpoint.status === 'disabled' ? 'The endpoint is disabled: enable it first.' : 'The catalog\'s example of this type, signed like any delivery.';

  return (
    <Card aria-labelledby="send-test-title">
      <CardHeader id="send-test-title" title="Send test event" />
      <CardBody>
        <form
          noValidate
          aria-label="Send test event"
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            send.mutate();
          }}
        >
          {otherError ? (
            <Alert tone="danger" title="The test event was not sent">
              {otherError}
            </Alert>
          ) : null}
          <Field label="Event type" htmlFor="test-event-type" error={typeError} hint={hint}>
            <Select id="test-event-type" value={type} onChange={(e) => setType(e.target.value)} invalid={Boolean(typeError)} aria-describedby={describedBy('test-event-type', typeError, hint)}>
              {others.length && subscribed.length ? (
                <>
                  <optgroup label="Subscribed">
                    {subscribed.map((t) => (
                      <option key={t.type} value={t.type}>
                        {t.type}
                      </option>
                    ))}
                  </optgroup>
                  <optgroup label="Other types">
                    {others.map((t) => (
                      <option key={t.type} value={t.type}>
                        {t.type}
                      </option>
                    ))}
                  </optgroup>
                </>
              ) : (
                eventTypes.map((t) => (
                  <option key={t.type} value={t.type}>
                    {t.type}
                  </option>
                ))
              )}
            </Select>
          </Field>
          <div className="flex justify-end">
            <Button type="submit" loading={send.isPending} disabled={!type || endpoint.status !== 'enabled'}>
              Send test event
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
