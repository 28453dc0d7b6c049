# shellcheck shell=bash
# Shared by the scripts: where the repository is, and building a module when needed.
# Sourced, not run.

repo_root() {
  cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd
}

# The module's jar (not sources, tests or javadoc), if built; the newest if there are several.
module_jar() {
  local f jar=""
  for f in "$1/$2"/target/mongodb-tiered-*.jar; do
    case "$f" in *-sources.jar | *-tests.jar | *-javadoc.jar) continue ;; esac
    if [ -f "$f" ] && { [ -z "$jar" ] || [ "$f" -nt "$jar" ]; }; then jar="$f"; fi
  done
  echo "$jar"
}

# The stand-in's storage engine, WiredTiger, with its Java binding, from Debian (not on Maven
# Central): installed when missing if we are root, else a one-line error saying how.
ensure_wiredtiger() {
  local jni
  for jni in /usr/lib/libwiredtiger_java.so.0 /usr/lib/*-linux-gnu/libwiredtiger_java.so.0; do
    if [ -f /usr/share/java/wiredtiger.jar ] && [ -f "$jni" ]; then
      return 0
    fi
  done
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
    echo "[ERROR] the stand-in needs WiredTiger; install it as root: apt-get install libwiredtiger0 libwiredtiger-java" >&2
    return 1
  fi
  echo "[INFO] installing WiredTiger (libwiredtiger0 libwiredtiger-java) for the stand-in..." >&2
  if ! { apt-get update -qq >&2 &&
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libwiredtiger0 libwiredtiger-java >&2; }; then
    echo "[ERROR] installing libwiredtiger0 libwiredtiger-java failed; run: apt-get install libwiredtiger0 libwiredtiger-java" >&2
    return 1
  fi
}

# Debian's Chromium, which the report page test renders index.html in. Installs it when missing
# (as root), else says how.
ensure_chromium() {
  command -v chromium >/dev/null && return 0
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
    echo "[ERROR] the report page test needs Chromium; install it as root: apt-get install chromium" >&2
    return 1
  fi
  echo "[INFO] installing Chromium for the report page test..." >&2
  if ! { apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2; }; then
    echo "[ERROR] installing chromium failed; run: apt-get install chromium" >&2
    return 1
  fi
}

# Builds MODULE (its jar and target/lib) when missing or older than the sources it depends on,
# so the scripts work from a fresh clone with nothing but Java 17 and Maven.
ensure_module_built() {
  local root="$1" module="$2" jar
  ensure_wiredtiger || return 1
  jar=$(module_jar "$root" "$module")
  if [ -n "$jar" ] && [ -d "$root/$module/target/lib" ] &&
    [ -z "$(find "$root/$module/src/main" "$root/binding/src/main" "$root/$module/pom.xml" \
      "$root/binding/pom.xml" "$root/pom.xml" -newer "$jar" -print -quit 2>/dev/null)" ]; then
    return 0
  fi
  command -v mvn >/dev/null || {
    echo "[ERROR] Maven (mvn) is needed to build $module the first time; install it (e.g. apt-get install maven)" >&2
    return 1
  }
  echo "[INFO] building $module (first run, or sources changed)..." >&2
  (cd "$root" && mvn -q -B -DskipTests -Dspotless.check.skip=true -pl "$module" -am package) >&2 || {
    echo "[ERROR] building $module failed; run 'mvn -pl $module -am package' to see why" >&2
    return 1
  }
}

ensure_binding_built() {
  ensure_module_built "$1" binding
}

binding_jar() {
  module_jar "$1" binding
}
