"""Builds Live Activity push bodies with real APNs client libraries, offline, byte for byte as each
library would send them, and writes each to OUTPUT_DIR/<name>.json (plus all of them, one per line,
to OUTPUT_DIR/bodies.jsonl).

No network connection is opened:
- kalyke-apns: the library's own LiveActivityClient.send_message runs unchanged; only its HTTP
  client is given httpx2's MockTransport, which records the request body the library built
  (`client.post(url, json=data)` in kalyke/clients/__init__.py) and answers 200.
- aioapns: the library's own APNsBaseClientProtocol.send_notification runs against an in-memory
  transport; the HTTP/2 frames it writes are read back with h2, and the DATA frames are the body
  (`json.dumps(request.message, ensure_ascii=False)` in aioapns/connection.py).

Usage: build_client_bodies.py OUTPUT_DIR
"""

import asyncio
import json
import os
import sys
from datetime import datetime, timezone

import h2.config
import h2.connection
import h2.events
import httpx2
from aioapns import NotificationRequest, PushType
from aioapns.connection import APNsBaseClientProtocol
from kalyke import LiveActivityApnsConfig, LiveActivityClient, LiveActivityEvent, LiveActivityPayload, PayloadAlert

DEVICE_TOKEN = "a8a799ba6c21e0795b07b577b562b8537418570c0fb8f7a64dca5a86a5a3b500"
TOPIC = "com.example.delivery.push-type.liveactivity"
# 2025-11-30 11:00:00 UTC and later: aware datetimes, so `timestamp()` does not depend on the
# machine's time zone.
NOW = datetime(2025, 11, 30, 11, 0, 0, tzinfo=timezone.utc)
STALE = datetime(2025, 11, 30, 11, 30, 0, tzinfo=timezone.utc)
DISMISS = datetime(2025, 11, 30, 12, 0, 0, tzinfo=timezone.utc)
UNIX_NOW = int(NOW.timestamp())

DELIVERY_STATE = {"status": "outForDelivery", "courierName": "Sam", "etaDate": 786193500, "stopsAway": 3}
DELIVERY_ATTRIBUTES = {"orderNumber": "A-1042", "storeName": "Corner Grocer"}


# --- kalyke-apns -------------------------------------------------------------------------------


class RecordingLiveActivityClient(LiveActivityClient):
    """kalyke's LiveActivityClient with an HTTP client that records instead of connecting."""

    def _init_client(self, apns_config):  # the only override: no JWT, no socket
        def answer(request):
            self.sent.append(request.content)  # the body exactly as httpx2 encoded it
            return httpx2.Response(200, headers={"apns-id": "00000000-0000-4000-8000-000000000000"})

        return httpx2.AsyncClient(headers=apns_config.make_headers(), transport=httpx2.MockTransport(answer))


def kalyke_body(payload):
    client = RecordingLiveActivityClient(
        use_sandbox=True, team_id="TEAMID1234", auth_key_id="KEYID12345", auth_key_filepath="/nonexistent.p8"
    )
    object.__setattr__(client, "sent", [])
    config = LiveActivityApnsConfig(topic=TOPIC)
    asyncio.run(client.send_message(device_token=DEVICE_TOKEN, payload=payload, apns_config=config))
    (body,) = client.sent
    return body


def kalyke_bodies():
    alert = PayloadAlert(title="Out for delivery", body="Sam is 3 stops away")
    yield "kalyke-update", kalyke_body(
        LiveActivityPayload(
            alert=alert, timestamp=NOW, event=LiveActivityEvent.UPDATE, content_state=DELIVERY_STATE,
            stale_date=STALE, relevance_score=50,
        )
    )
    yield "kalyke-end", kalyke_body(
        LiveActivityPayload(
            timestamp=NOW, event=LiveActivityEvent.END, content_state=dict(DELIVERY_STATE, status="delivered"),
            dismissal_date=DISMISS,
        )
    )
    # kalyke requires attributes_type and attributes on a start, and then never writes them.
    yield "kalyke-start", kalyke_body(
        LiveActivityPayload(
            alert=PayloadAlert(title="Order confirmed", body="We are packing your order"), timestamp=NOW,
            event=LiveActivityEvent.START, content_state=DELIVERY_STATE, attributes_type="DeliveryAttributes",
            attributes=DELIVERY_ATTRIBUTES,
        )
    )
    # PayloadAlert has no sound: the only sound kalyke writes is aps.sound.
    yield "kalyke-update-sound", kalyke_body(
        LiveActivityPayload(
            alert=alert, sound="default", timestamp=NOW, event=LiveActivityEvent.UPDATE, content_state=DELIVERY_STATE,
        )
    )
    yield "kalyke-update-string-alert", kalyke_body(
        LiveActivityPayload(
            alert="Sam is 3 stops away", timestamp=NOW, event=LiveActivityEvent.UPDATE, content_state=DELIVERY_STATE,
        )
    )
    # The README's LiveActivity example (its datetime.now() fixed).
    yield "kalyke-readme", kalyke_body(
        LiveActivityPayload(
            alert=PayloadAlert(title="YOUR TITLE", body="YOUR BODY"), badge=1, sound="default", timestamp=NOW,
            event=LiveActivityEvent.UPDATE,
            content_state={"currentHealthLevel": 100, "eventDescription": "Adventure has begun!"},
        )
    )


# --- aioapns -----------------------------------------------------------------------------------


class MemoryTransport(asyncio.Transport):
    def __init__(self):
        super().__init__()
        self.written = bytearray()

    def write(self, data):
        self.written += data


async def aioapns_send(request):
    protocol = APNsBaseClientProtocol(apns_topic=TOPIC)
    transport = MemoryTransport()
    protocol.connection_made(transport)
    sending = asyncio.ensure_future(protocol.send_notification(request))
    while not sending.done() and not protocol.request_streams:
        await asyncio.sleep(0)
    sending.cancel()  # it would wait for APNs' answer
    protocol.inactivity_timer.cancel()
    server = h2.connection.H2Connection(config=h2.config.H2Configuration(client_side=False))
    server.initiate_connection()
    events = server.receive_data(bytes(transport.written))
    return b"".join(event.data for event in events if isinstance(event, h2.events.DataReceived))


def aioapns_body(message):
    request = NotificationRequest(
        device_token=DEVICE_TOKEN, message=message, notification_id="00000000-0000-4000-8000-000000000000",
        push_type=PushType.LIVEACTIVITY,
    )
    return asyncio.run(aioapns_send(request))


def route_update(compact_target, separators_target):
    """An update whose compact form is `compact_target` bytes and whose json.dumps default form
    has `separators_target` more (one space after every ',' and ':')."""
    stops = [
        {"id": index, "lat": 52.52 + index / 1000, "lng": 13.405 + index / 1000, "eta": 786193500 + 60 * index}
        for index in range(20)
    ]
    state = dict(DELIVERY_STATE, route=stops, note="")
    message = {"aps": {"timestamp": UNIX_NOW, "event": "update", "content-state": state}}

    def sizes():
        compact = len(json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode())
        return compact, len(json.dumps(message, ensure_ascii=False).encode()) - compact

    # A "history" member adds two separators (": " and ", ") and one per element after the first.
    while sizes()[1] > separators_target - 2:
        stops.pop()
    state["history"] = [0] * (separators_target - sizes()[1] - 1)
    assert sizes()[1] == separators_target
    state["note"] = "x" * (compact_target - sizes()[0])
    assert sizes() == (compact_target, separators_target)
    return message


def aioapns_bodies():
    yield "aioapns-start", aioapns_body(
        {
            "aps": {
                "timestamp": UNIX_NOW, "event": "start", "content-state": DELIVERY_STATE,
                "attributes-type": "DeliveryAttributes", "attributes": DELIVERY_ATTRIBUTES,
                "alert": {"title": "Order confirmed", "body": "We are packing your order", "sound": "default"},
            }
        }
    )
    yield "aioapns-update", aioapns_body(
        {"aps": {"timestamp": UNIX_NOW, "event": "update", "content-state": DELIVERY_STATE, "stale-date": UNIX_NOW + 1800}}
    )
    yield "aioapns-end", aioapns_body(
        {
            "aps": {
                "timestamp": UNIX_NOW, "event": "end", "content-state": dict(DELIVERY_STATE, status="delivered"),
                "dismissal-date": UNIX_NOW + 3600,
            }
        }
    )
    # The case: 4058 bytes compact, 4696 as aioapns sends it.
    yield "aioapns-update-4058", aioapns_body(route_update(4058, 4696 - 4058))
    # The README's message, sent as a Live Activity push: a string alert, a string badge, no event.
    yield "aioapns-readme", aioapns_body({"aps": {"alert": "Hello from APNs", "badge": "1"}})
    # Keys as people write them.
    yield "aioapns-camel-case", aioapns_body(
        {
            "aps": {
                "timestamp": UNIX_NOW, "events": "start", "contentState": DELIVERY_STATE,
                "attributesType": "DeliveryAttributes", "attributes": DELIVERY_ATTRIBUTES,
                "alert": {"title": "Order confirmed", "body": "We are packing your order"}, "staleDate": UNIX_NOW + 1800,
            }
        }
    )


def main():
    output = sys.argv[1]
    os.makedirs(output, exist_ok=True)
    lines = []
    for name, body in [*kalyke_bodies(), *aioapns_bodies()]:
        with open(os.path.join(output, name + ".json"), "wb") as file:
            file.write(body)
        assert b"\n" not in body
        lines.append(body)
    with open(os.path.join(output, "bodies.jsonl"), "wb") as file:
        file.write(b"\n".join(lines) + b"\n")


if __name__ == "__main__":
    main()
