#!/usr/bin/env python3
"""Checks deploy/k8s/*.yaml and deploy/Dockerfile without a cluster or a container runtime.

Every manifest parses; the Fleet runs `spacedock serve` as an Agones cluster node (--node-id from
the pod's name, --agones, a postgresql database from a Secret) on the port its GameServer and
container declare, with a grace period that leaves time for the drain; every option it passes is
one that `spacedock serve --help` lists; the FleetAutoscaler scales that Fleet; the Service
selects its pods and the Ingress reaches the Service. The Dockerfile's entry point is the binary
it copies in. Usage: check_manifests.py REPO SPACEDOCK_BINARY
"""
import re
import subprocess
import sys
from pathlib import Path

import yaml

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)


def main():
    repo, binary = Path(sys.argv[1]), sys.argv[2]
    documents = []
    for path in sorted((repo / "deploy" / "k8s").glob("*.yaml")):
        documents += [d for d in yaml.safe_load_all(path.read_text()) if d]
    kinds = {d["kind"]: d for d in documents}
    check(set(kinds) == {"Fleet", "FleetAutoscaler", "Service", "Ingress"},
          f"the manifests hold {sorted(kinds)}")

    fleet = kinds["Fleet"]
    check(fleet["apiVersion"] == "agones.dev/v1", "the Fleet's apiVersion")
    game_server = fleet["spec"]["template"]["spec"]
    labels = fleet["spec"]["template"]["metadata"]["labels"]
    pod = game_server["template"]["spec"]
    check(game_server["eviction"]["safe"] == "Always", "a node may be evicted only by its drain")
    check(game_server["health"]["periodSeconds"] >= 2, "Agones health is reported every heartbeat (2 s)")
    check(pod["terminationGracePeriodSeconds"] >= 30, "the grace period leaves time for the drain")
    container = pod["containers"][0]
    args = container["args"]
    check(args[0] == "serve", "the container runs spacedock serve")
    option = lambda name: args[args.index(name) + 1] if name in args else None
    check(option("--node-id") == "$(POD_NAME)", "each node is named after its pod")
    check("--agones" in args, "the node reports to the Agones sidecar")
    check(option("--db") == "$(DB_URL)", "the database comes from DB_URL")
    env = {e["name"]: e["valueFrom"] for e in container["env"]}
    check(env.get("POD_NAME", {}).get("fieldRef", {}).get("fieldPath") == "metadata.name",
          "POD_NAME is the pod's name")
    check("secretKeyRef" in env.get("DB_URL", {}), "DB_URL comes from a Secret")
    port = int(option("--listen").rsplit(":", 1)[1])
    check(game_server["ports"][0]["containerPort"] == port, "the GameServer's port is --listen's")
    check(container["ports"][0]["containerPort"] == port, "the container's port is --listen's")
    check(container["readinessProbe"]["httpGet"]["path"] == "/healthz", "readiness is /healthz")

    help_text = subprocess.run([binary, "serve", "--help"], capture_output=True, text=True,
                               check=True).stdout
    for name in (a for a in args if a.startswith("--")):
        check(re.search(rf"^\s*{re.escape(name)}\b", help_text, re.M) is not None,
              f"{name} is an option of spacedock serve")

    autoscaler = kinds["FleetAutoscaler"]
    check(autoscaler["spec"]["fleetName"] == fleet["metadata"]["name"], "the autoscaler's fleet")
    service = kinds["Service"]
    check(service["spec"]["selector"].items() <= labels.items(), "the Service selects the nodes")
    check(service["spec"]["ports"][0]["targetPort"] == port, "the Service reaches --listen's port")
    backend = kinds["Ingress"]["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]
    check(backend["name"] == service["metadata"]["name"], "the Ingress reaches the Service")

    dockerfile = (repo / "deploy" / "Dockerfile").read_text()
    entry = re.search(r'^ENTRYPOINT \["([^"]+)"\]', dockerfile, re.M)
    check(entry is not None and f" {entry.group(1)}\n" in dockerfile.replace("\\\n", ""),
          "the Dockerfile's entry point is the binary it copies in")
    check(re.search(r"^FROM debian:bookworm", dockerfile, re.M) is not None, "a Debian 12 image")

    for failure in failures:
        print(f"check_manifests: {failure}: no")
    if failures:
        return 1
    print(f"check_manifests: {len(documents)} manifests and the Dockerfile agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
