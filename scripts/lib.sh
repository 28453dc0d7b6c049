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

# Installs Debian packages without flooding the caller's output: one line saying what and why,
# apt-get's own output kept in a log (MONGODB_TIERED_INSTALL_LOG, default
# /tmp/mongodb-tiered-install.log), whose last lines are shown only when the install fails.
apt_install() {
  local why=$1 log=${MONGODB_TIERED_INSTALL_LOG:-/tmp/mongodb-tiered-install.log}
  shift
  echo "[INFO] installing $* ($why); apt-get's output goes to $log" >&2
  if { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y "$@"; } >>"$log" 2>&1 </dev/null; then
    return 0
  fi
  tail -n 5 "$log" | sed 's/^/  apt-get: /' >&2
  return 1
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
  if ! apt_install "the stand-in's storage engine" libwiredtiger0 libwiredtiger-java; then
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
  if ! apt_install "the report page test renders in it" chromium; then
    echo "[ERROR] installing chromium failed; run: apt-get install chromium" >&2
    return 1
  fi
}

# Whether COMMAND is installed; also looks in the sbin directories, which a user's PATH may lack
# (mkfs.xfs is in /usr/sbin).
has_command() {
  command -v "$1" >/dev/null || [ -x "/usr/sbin/$1" ] || [ -x "/sbin/$1" ]
}

# The tools the harness builds a delayed data volume from (--latency), from Debian: nbdkit (its
# delay filter), libnbd-bin (nbdfuse), fuse3 (fusermount3) and xfsprogs (mkfs.xfs); fio, optional,
# comes with them. Installs what is missing when root with apt-get; otherwise, or if that fails,
# prints one line saying what is missing: the sweep then runs as with --latency off (no latency
# added). Always returns 0: without these tools the harness still runs. fio alone missing triggers
# no install, so a launch where the rest is present stays as fast as a few lookups.
ensure_volume_tools() {
  local tool missing=()
  for tool in nbdkit:nbdkit nbdfuse:libnbd-bin fusermount3:fuse3 mkfs.xfs:xfsprogs; do
    has_command "${tool%%:*}" || missing+=("${tool#*:}")
  done
  [ "${#missing[@]}" -eq 0 ] && return 0
  local packages=("${missing[@]}")
  has_command fio || packages+=(fio)
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    if apt_install "the delayed data volume, --latency" "${packages[@]}"; then
      return 0
    fi
    echo "[WARN] installing ${packages[*]} failed, so sweeps run as with --latency off (no latency added); run: apt-get install ${packages[*]}" >&2
    return 0
  fi
  echo "[WARN] the delayed data volume needs ${missing[*]}, so sweeps run as with --latency off (no latency added); install as root: apt-get install ${packages[*]}" >&2
  return 0
}

# The modules MODULE's jar is built from: its non-test dependencies on mongodb-tiered-* artifacts,
# as its pom names them (harness: binding standin). Their jars are copied into its target/lib.
module_deps() {
  awk '
    /<dependency>/ { name = ""; scope = "" }
    /<artifactId>mongodb-tiered-/ { name = $0; sub(/.*<artifactId>mongodb-tiered-/, "", name); sub(/<.*/, "", name) }
    /<scope>/ { scope = $0; sub(/.*<scope>/, "", scope); sub(/<.*/, "", scope) }
    /<\/dependency>/ { if (name != "" && scope != "test") print name; name = "" }
  ' "$1/$2/pom.xml"
}

# MODULE after the modules it is built from, recursively: harness -> binding standin harness.
module_closure() {
  local dep
  for dep in $(module_deps "$1" "$2"); do
    module_closure "$1" "$dep"
  done
  echo "$2"
}

# Why MODULE needs building, with status 0; status 1 if it does not. It does when it or a module
# it is built from has no jar, has sources (src/main, its pom, the parent pom) newer than its
# jar, or has a jar newer than MODULE's (so the copy in MODULE's target/lib is stale).
module_stale() {
  local root="$1" module="$2" jar dep dep_jar newer
  jar=$(module_jar "$root" "$module")
  if [ -z "$jar" ] || [ ! -d "$root/$module/target/lib" ]; then
    echo "$module not built yet"
    return 0
  fi
  for dep in $(module_closure "$root" "$module"); do
    dep_jar=$(module_jar "$root" "$dep")
    if [ -z "$dep_jar" ]; then
      echo "$dep not built yet"
      return 0
    fi
    newer=$(find "$root/$dep/src/main" "$root/$dep/pom.xml" "$root/pom.xml" -newer "$dep_jar" \
      -print -quit 2>/dev/null || true)
    if [ -n "$newer" ]; then
      echo "${newer#"$root"/} changed since $dep was built"
      return 0
    fi
    if [ "$dep_jar" -nt "$jar" ]; then
      echo "$dep was rebuilt after $module"
      return 0
    fi
  done
  return 1
}

# Builds MODULE (its jar and target/lib) when missing or older than the sources it depends on
# (see module_stale), so the scripts work from a fresh clone with nothing but Java 17 and Maven.
ensure_module_built() {
  local root="$1" module="$2" reason start dep jar
  ensure_wiredtiger || return 1
  reason=$(module_stale "$root" "$module") || return 0
  command -v mvn >/dev/null || {
    echo "[ERROR] Maven (mvn) is needed to build $module ($reason); install it (e.g. apt-get install maven)" >&2
    return 1
  }
  echo "[INFO] building $module ($reason)..." >&2
  start=$(mktemp)
  if ! (cd "$root" && mvn -q -B -DskipTests -Dspotless.check.skip=true -pl "$module" -am package) >&2; then
    rm -f "$start"
    echo "[ERROR] building $module failed; run 'mvn -pl $module -am package' to see why" >&2
    return 1
  fi
  # Maven leaves a jar it finds up to date as it was, older than a pom touched since; so each jar
  # gets the build's start time: the next run builds again only for an edit made after it.
  for dep in $(module_closure "$root" "$module"); do
    jar=$(module_jar "$root" "$dep")
    if [ -n "$jar" ]; then touch -r "$start" "$jar"; fi
  done
  rm -f "$start"
}

# The classpath a run of MODULE uses: its jar and this project's jars among its libraries copied,
# the other libraries hard-linked, into a directory of their own named by the checksum of the
# copied jars. Maven rewrites target/*.jar and target/lib/mongodb-tiered-*.jar in place, which
# pulls classes from under a JVM still running from them (a sweep died loading a class once a
# rebuild had rewritten its jar); a running JVM now keeps files no build touches. Directories
# unused for a week go (a deleted jar stays readable to a JVM that has it open).
run_classpath() {
  local root=$1 module=$2 jar lib runs dir tmp f
  jar=$(module_jar "$root" "$module")
  lib="$root/$module/target/lib"
  runs="$root/$module/target/run"
  dir="$runs/$(cat "$jar" "$lib"/mongodb-tiered-*.jar 2>/dev/null | cksum | cut -d' ' -f1)"
  if [ ! -d "$dir" ]; then
    mkdir -p "$runs"
    tmp=$(mktemp -d "$runs/.new.XXXXXX")
    cp "$jar" "$tmp/"
    for f in "$lib"/*.jar; do
      case "${f##*/}" in
        mongodb-tiered-*) cp "$f" "$tmp/" ;;
        *) ln "$f" "$tmp/" 2>/dev/null || cp "$f" "$tmp/" ;;
      esac
    done
    # Another launch may have made it meanwhile: then its copy serves.
    mv -T "$tmp" "$dir" 2>/dev/null || rm -rf "$tmp"
  fi
  touch "$dir"
  find "$runs" -mindepth 1 -maxdepth 1 -mtime +7 ! -path "$dir" -exec rm -rf {} + 2>/dev/null || true
  echo "$dir/*"
}

ensure_binding_built() {
  ensure_module_built "$1" binding
}

binding_jar() {
  module_jar "$1" binding
}

# Assembles a root file system that runs JAR (with the jars in LIBDIR) in an image FROM scratch:
# the jars under ROOTFS/APPDIR/lib, a jlink'd JRE of the modules they reach under ROOTFS/opt/java,
# and the shared libraries the JRE (and each EXTRA native library) links against, at the paths ldd
# resolves them to, so the binaries run unchanged in an empty image. EXTRA libraries go in at their
# host paths too. Usage: assemble_java_rootfs JDK_BIN ROOTFS APPDIR JAR LIBDIR [EXTRA...]
assemble_java_rootfs() {
  local jdk_bin=$1 rootfs=$2 appdir=$3 jar=$4 libdir=$5
  shift 5
  local extra=("$@") cp_jars modules jre_libs libs lib
  mkdir -p "$rootfs$appdir/lib" "$rootfs/tmp"
  chmod 1777 "$rootfs/tmp"
  cp "$jar" "$libdir"/*.jar "$rootfs$appdir/lib/"

  # Class-level reachability (-R -summary) from our jar: --print-module-deps would instead count
  # every class of every jar reached, dragging in java.desktop & co. for H2's unused GUI tools.
  # slf4j-simple is found by ServiceLoader, not statically; it needs java.base only.
  cp_jars=$(printf '%s:' "$libdir"/*.jar)
  modules=$("$jdk_bin/jdeps" -R -summary --ignore-missing-deps --multi-release 17 \
    --class-path "$cp_jars" "$jar" |
    awk '$2 == "->" && $3 !~ /\.jar$/ && $3 != "not" {print $3}' | sort -u | paste -sd, -)
  echo "jlink modules: $modules" >&2
  "$jdk_bin/jlink" --add-modules "$modules" --output "$rootfs/opt/java" \
    --strip-debug --no-header-files --no-man-pages --compress=2

  # The JRE's libraries that ldd cannot place (libjvm.so, found at run time by the launcher) are
  # not missing.
  jre_libs=$(find "$rootfs/opt/java" -name '*.so' -printf '%f\n' | paste -sd'|' -)
  libs=$({
    find "$rootfs/opt/java" -type f \( -name '*.so' -o -path '*/bin/*' \) -print0
    if ((${#extra[@]})); then printf '%s\0' "${extra[@]}"; fi
  } |
    xargs -0 ldd 2>/dev/null |
    awk -v jre="$rootfs/opt/java" -v own="^($jre_libs)$" '
      /not found/ {if ($1 !~ own) print "MISSING " $1; next}
      $2 == "=>" && $3 ~ /^\// && index($3, jre) != 1 {print $3}
      $1 ~ /^\// && $2 ~ /^\(/ {print $1}' | sort -u)
  if grep -q '^MISSING' <<<"$libs"; then
    echo "unresolved libraries: $(grep '^MISSING' <<<"$libs" | tr '\n' ' ')" >&2
    return 1
  fi
  for lib in $libs "${extra[@]}"; do
    mkdir -p "$rootfs$(dirname "$lib")"
    cp -L "$lib" "$rootfs$lib"
  done
  echo "libraries: $(tr '\n' ' ' <<<"$libs")" >&2
}
