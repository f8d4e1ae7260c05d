//go:build race

package storage

// raceBuild: the race detector is on (each writer process starts slower).
const raceBuild = true
