#!/usr/bin/env bash
# Test fixture, written for these tests: an emulation of the bash bin/ycsb.sh of a YCSB 0.17.0
# release, reduced to what scripts/install-into-ycsb patches and relies on. Like the release's:
# usage "ycsb.sh load|run|shell DATABASE [args]"; the client class comes from the DATABASE line of
# bin/bindings.properties; the binding directory is DATABASE up to the first '-'; a distribution
# (no pom.xml) runs on conf + lib/*.jar + <binding>-binding/lib/*.jar.
case "$1" in
  load) YCSB_CLASS=site.ycsb.Client; YCSB_COMMAND=-load ;;
  run) YCSB_CLASS=site.ycsb.Client; YCSB_COMMAND=-t ;;
  shell) YCSB_CLASS=site.ycsb.CommandLine; YCSB_COMMAND= ;;
  *) echo "[ERROR] Found unknown command '$1'" >&2; exit 1 ;;
esac
YCSB_HOME=$(cd "$(dirname "$0")/.." && pwd)

BINDING_LINE=$(grep "^$2:" "$YCSB_HOME/bin/bindings.properties" -m 1)
if [ -z "$BINDING_LINE" ]; then
  echo "[ERROR] The specified binding '$2' was not found." >&2
  exit 1
fi
BINDING_NAME=$(echo "$BINDING_LINE" | cut -d':' -f1)
BINDING_CLASS=$(echo "$BINDING_LINE" | cut -d':' -f2)

# Versions of one binding share a directory, named up to the first '-'.
BINDING_DIR=$(echo "$BINDING_NAME" | cut -d'-' -f1)

if [ -r "$YCSB_HOME/pom.xml" ]; then
  echo "[ERROR] source checkouts are not emulated by this fixture" >&2
  exit 1
fi
CLASSPATH="$YCSB_HOME/conf"
for f in "$YCSB_HOME"/lib/*.jar "$YCSB_HOME/$BINDING_DIR"-binding/lib/*.jar; do
  if [ -r "$f" ]; then CLASSPATH="$CLASSPATH:$f"; fi
done

shift 2
JAVA=java
if [ -n "$JAVA_HOME" ]; then JAVA="$JAVA_HOME/bin/java"; fi
# shellcheck disable=SC2086 # JAVA_OPTS and the command flag are word lists, as in the release
"$JAVA" $JAVA_OPTS -classpath "$CLASSPATH" $YCSB_CLASS $YCSB_COMMAND -db "$BINDING_CLASS" "$@"
